import { EditorContent, useEditor } from '@tiptap/react';
import { ArticleAdminTexts } from '@osp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFile } from '../../../../api/files';
import { toast } from '../../../../components/toast';
import { EditorToolbar } from './EditorToolbar';
import { articleExtensions } from './extensions';
import { imageSrcOf } from './image-src';

export interface ArticleEditorProps {
  id?: string;
  /** The article's HTML; '' while nothing is written. Read once when the editor starts (the page mounts it per article). */
  value?: string;
  onChange?: (html: string) => void;
  'aria-invalid'?: boolean | 'true' | 'false';
}

/**
 * The article body (tiptap 3) inside `<Form.Item name="content">`. An empty document is '' so that the form's
 * 请填写正文 applies; images are uploaded through POST /api/files and inserted as /api/files/download/{id}.
 */
export function ArticleEditor({ id, value, onChange, 'aria-invalid': ariaInvalid }: ArticleEditorProps) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(0);
  const editor = useEditor({
    extensions: articleExtensions,
    content: value ?? '',
    editorProps: {
      attributes: {
        class: 'article-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': ArticleAdminTexts.fieldContent,
        ...(id ? { id } : {}),
        ...(ariaInvalid ? { 'aria-invalid': String(ariaInvalid) } : {}),
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(changed.isEmpty ? '' : changed.getHTML()),
  });

  const handlePickImage = (file: File) => {
    if (!file.type.startsWith('image/')) {
      toast.error(ArticleAdminTexts.imageNotImage);
      return;
    }
    setUploading((n) => n + 1);
    uploadFile(queryClient, file)
      .then((card) => {
        // With a paragraph after it, so that typing goes on below the picture instead of replacing it.
        editor
          .chain()
          .focus()
          .insertContent([{ type: 'image', attrs: { src: imageSrcOf(card.id), alt: card.name } }, { type: 'paragraph' }])
          .run();
      })
      // The API client has shown the server's refusal (too large, not an image).
      .catch(() => undefined)
      .finally(() => setUploading((n) => n - 1));
  };

  return (
    <div className={ariaInvalid ? 'article-editor article-editor--invalid' : 'article-editor'}>
      <EditorToolbar editor={editor} onPickImage={handlePickImage} isUploading={uploading > 0} />
      <EditorContent editor={editor} />
    </div>
  );
}
