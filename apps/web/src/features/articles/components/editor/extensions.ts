import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { ReactNodeViewRenderer } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ArticleImageView } from './ArticleImageView';

/**
 * What the article editor can write: what the server's allow-list keeps (article-html.ts) and nothing it would drop.
 * Headings stop at 3 (an article's title is above them); code blocks and horizontal rules come with StarterKit.
 */
export const articleExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    // Links are opened from the reader's page; in the editor a click places the cursor.
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
  }),
  Image.extend({
    addNodeView() {
      return ReactNodeViewRenderer(ArticleImageView);
    },
  }).configure({ inline: false, allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
];
