import { ARTICLE_OWN_IMAGE } from '@osp/shared';

/**
 * An article's images (docs/articles-api.md "HTML"): the only `src` the server keeps is `/api/files/download/{id}`
 * (ARTICLE_OWN_IMAGE), which needs the bearer header an <img> cannot send. So the page downloads each image through
 * the API client and shows it from an object URL, which it revokes when it no longer needs it.
 */

/** The image's address when it is one of our file downloads, else undefined (the page does not load it at all). */
export function ownImageSrc(src: string | null): string | undefined {
  return src !== null && ARTICLE_OWN_IMAGE.test(src) ? src : undefined;
}

/** Where one image stands: still coming, shown from `url`, or failed (it is not the reader's to see, or is gone). */
export type ImageState = { kind: 'loading' } | { kind: 'ready'; url: string } | { kind: 'failed' };

const LOADING: ImageState = { kind: 'loading' };

interface UrlApi {
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
}

/**
 * The object URLs of one page's images, by address. Each is downloaded once, however often the content renders; `dispose`
 * revokes every URL made, and an image that arrives after it makes none, so nothing outlives the page.
 * `onChange` tells the page to render again when an image arrives or fails.
 */
export class ImageUrls {
  private readonly states = new Map<string, ImageState>();
  private isDisposed = false;

  constructor(
    private readonly load: (src: string) => Promise<Blob>,
    private readonly onChange: () => void,
    private readonly urls: UrlApi = URL,
  ) {}

  /** Starts the download of every address not asked for yet. */
  want(sources: Iterable<string>): void {
    for (const src of sources) {
      if (this.isDisposed || this.states.has(src)) continue;
      this.states.set(src, LOADING);
      this.load(src).then(
        (blob) => this.settle(src, blob),
        () => this.settle(src, undefined),
      );
    }
  }

  get(src: string): ImageState {
    return this.states.get(src) ?? LOADING;
  }

  dispose(): void {
    this.isDisposed = true;
    for (const state of this.states.values()) if (state.kind === 'ready') this.urls.revokeObjectURL(state.url);
    this.states.clear();
  }

  private settle(src: string, blob: Blob | undefined): void {
    if (this.isDisposed) return;
    this.states.set(src, blob === undefined ? { kind: 'failed' } : { kind: 'ready', url: this.urls.createObjectURL(blob) });
    this.onChange();
  }
}
