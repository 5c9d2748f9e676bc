import { App, message as staticMessage } from 'antd';
import { createElement, useEffect, useState } from 'react';
import type { HtmlMessage } from './HtmlMessage';

type MessageApi = ReturnType<typeof App.useApp>['message'];

/**
 * The API client lives outside React but must show toasts in the app's theme and locale, so the
 * antd App context hands its message API over once it is mounted.
 */
let messageApi: MessageApi | undefined;

export function ToastBridge(): null {
  const { message } = App.useApp();
  useEffect(() => {
    messageApi = message;
    return () => {
      messageApi = undefined;
    };
  }, [message]);
  return null;
}

function api(): MessageApi {
  return messageApi ?? staticMessage;
}

/**
 * DOMPurify is a third of the sign-in page's own code and a toast there is rare, so the sanitising
 * HtmlMessage is loaded with the first toast (issue 12). A failed load (the network is down, which
 * is what that toast may be saying) is tried again by the next toast.
 */
let loadedHtmlMessage: typeof HtmlMessage | undefined;
let htmlMessageLoad: Promise<void> | undefined;

function loadHtmlMessage(): Promise<void> {
  htmlMessageLoad ??= import('./HtmlMessage').then(
    (module) => {
      loadedHtmlMessage = module.HtmlMessage;
    },
    () => {
      htmlMessageLoad = undefined;
    },
  );
  return htmlMessageLoad;
}

/** The text of `html` without its markup: a DOMParser document is inert, nothing in it loads or runs. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Plain text until HtmlMessage is there, then the sanitised markup; the words are the same. */
function ToastContent({ html }: { html: string }) {
  const [Message, setMessage] = useState(() => loadedHtmlMessage);
  useEffect(() => {
    if (Message) return undefined;
    let isCurrent = true;
    void loadHtmlMessage().then(() => {
      if (isCurrent && loadedHtmlMessage) setMessage(() => loadedHtmlMessage);
    });
    return () => {
      isCurrent = false;
    };
  }, [Message]);
  return Message ? createElement(Message, { html }) : plainText(html);
}

export const toast = {
  /** `html` may contain markup from the server (SPEC §8); it is sanitised. A `key` merges repeats. */
  error(html: string, key?: string): void {
    void api().error({ content: createElement(ToastContent, { html }), key });
  },
  success(text: string): void {
    void api().success(text);
  },
  /** Our own words (not the server's), e.g. why a page cannot be left yet. A `key` merges repeats. */
  warning(text: string, key?: string): void {
    void api().warning({ content: text, key });
  },
};
