import { ATTACHMENT_ID_PATTERN } from '@osp/shared';

/*
 * The one form of image the server keeps in an article (article-html.ts): `<img src="/api/files/download/{id}">`.
 * The document always holds that address; only the editor's node view swaps it for a blob URL it can show.
 */

const PREFIX = '/api/files/download/';

/** The address an uploaded file's image is saved under. */
export function imageSrcOf(fileId: string): string {
  return `${PREFIX}${fileId}`;
}

/**
 * The file id of an image address of that form, also written absolute on this site (a pasted copy of the app's own
 * page); null for anything else (another site's picture, a data: URL), which the server would drop on save.
 */
export function fileIdOfSrc(src: string | null | undefined, origin?: string): string | null {
  if (!src) return null;
  let path = src.trim();
  if (origin && path.startsWith(origin)) path = path.slice(origin.length);
  if (!path.startsWith(PREFIX)) return null;
  const id = path.slice(PREFIX.length);
  return ATTACHMENT_ID_PATTERN.test(id) ? id : null;
}
