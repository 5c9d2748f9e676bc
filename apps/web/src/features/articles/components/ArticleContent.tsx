import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FileCard } from '@osp/shared';
import { download } from '../../../api/client';
import { ArticleAttachments } from './ArticleAttachments';
import { displayHtml, imageSourcesOf, sanitizeArticleHtml } from './article-display';
import { ImageUrls, type ImageState } from './article-images';
import './article-content.css';

interface ArticleContentProps {
  /** The article's HTML, cut to the allow-list on save; cut to it again here before display (DESIGN §5a). */
  html: string;
  attachments?: readonly FileCard[];
}

/** An image of the article, fetched with the bearer header; quiet, as the picture's own placeholder says it failed. */
async function loadImage(src: string): Promise<Blob> {
  const file = await download({ method: 'GET', url: src, quiet: true });
  return file.blob;
}

/** The object URLs of the images, made for this content and revoked when it changes or the page goes. */
function useImageUrls(sources: readonly string[]): (src: string) => ImageState {
  // One string for the effect's dependency: a new array of the same addresses is the same content.
  const key = JSON.stringify(sources);
  const [images, setImages] = useState<{ urls: ImageUrls; version: number }>();
  useEffect(() => {
    let version = 0;
    // Each arrival stores a new object, so that the HTML is made again; a disposed set reports nothing more.
    const urls = new ImageUrls(loadImage, () => {
      version += 1;
      setImages({ urls, version });
    });
    urls.want(JSON.parse(key) as string[]);
    return () => urls.dispose();
  }, [key]);
  // Until the first image of this content arrives, `images` may still hold the last content's (disposed) set: all loading.
  return useCallback((src: string): ImageState => images?.urls.get(src) ?? { kind: 'loading' }, [images]);
}

/** An article's body as its readers see it, with its attachments below (the preview, the forced-read gate). */
export function ArticleContent({ html, attachments = [] }: ArticleContentProps) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
  const sources = useMemo(() => imageSourcesOf(clean), [clean]);
  const imageOf = useImageUrls(sources);
  const shown = useMemo(() => displayHtml(clean, imageOf), [clean, imageOf]);
  return (
    <>
      <div className="article-content" dangerouslySetInnerHTML={{ __html: shown }} />
      <ArticleAttachments attachments={attachments} />
    </>
  );
}
