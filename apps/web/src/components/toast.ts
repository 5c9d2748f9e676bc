import { App, message as staticMessage } from 'antd';
import { createElement, useEffect } from 'react';
import { HtmlMessage } from './HtmlMessage';

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

export const toast = {
  /** `html` may contain markup from the server (SPEC §8); it is sanitised. A `key` merges repeats. */
  error(html: string, key?: string): void {
    void api().error({ content: createElement(HtmlMessage, { html }), key });
  },
  success(text: string): void {
    void api().success(text);
  },
};
