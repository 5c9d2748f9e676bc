import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { ArticleAdminTexts } from '@osp/shared';
import { useFileObjectUrl } from '../../../../api/articles-admin';
import { fileIdOfSrc } from './image-src';

/**
 * An image in the editor. The document keeps `/api/files/download/{id}` (what the server keeps and readers load); an
 * <img> cannot send the bearer token, so the editor shows the file fetched through the API client as an object URL.
 */
export function ArticleImageView({ node, selected }: ReactNodeViewProps) {
  const attrs = node.attrs as { src?: string | null; alt?: string | null; title?: string | null };
  const fileId = fileIdOfSrc(attrs.src, window.location.origin);
  const file = useFileObjectUrl(fileId);
  const url = file.data;
  const alt = attrs.alt ?? '';
  const className = selected ? 'article-editor__image article-editor__image--selected' : 'article-editor__image';
  return (
    <NodeViewWrapper as="div" className={className} data-drag-handle="">
      {url ? (
        <img src={url} alt={alt} title={attrs.title ?? undefined} draggable={false} />
      ) : (
        <span className="article-editor__image-missing" role="img" aria-label={alt || ArticleAdminTexts.image}>
          {file.isError || fileId === null ? ArticleAdminTexts.imageLoadFailed : ArticleAdminTexts.imageLoading}
        </span>
      )}
    </NodeViewWrapper>
  );
}
