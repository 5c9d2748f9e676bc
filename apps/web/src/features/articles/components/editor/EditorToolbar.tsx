import {
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { Button, Divider, Select, Tooltip, Upload } from 'antd';
import { ArticleAdminTexts } from '@osp/shared';
import { useState, type ReactNode } from 'react';
import { LinkDialog } from './LinkDialog';

type Block = 'paragraph' | 1 | 2 | 3;

// Wide enough for 标题1 and no wider: antd's select otherwise takes the toolbar's whole line.
const BLOCK_STYLE = { width: 88, flex: 'none' } as const;

const BLOCK_OPTIONS: { value: Block; label: string }[] = [
  { value: 'paragraph', label: ArticleAdminTexts.paragraph },
  { value: 1, label: ArticleAdminTexts.heading(1) },
  { value: 2, label: ArticleAdminTexts.heading(2) },
  { value: 3, label: ArticleAdminTexts.heading(3) },
];

function blockOf(editor: Editor): Block {
  for (const level of [1, 2, 3] as const) if (editor.isActive('heading', { level })) return level;
  return 'paragraph';
}

interface ToolProps {
  label: string;
  icon: ReactNode;
  isActive?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function Tool({ label, icon, isActive = false, disabled = false, onClick }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        type={isActive ? 'primary' : 'text'}
        ghost={isActive}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={isActive}
        disabled={disabled}
        // The editor keeps its selection: a mouse-down on the toolbar would otherwise take the focus away first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

interface EditorToolbarProps {
  editor: Editor;
  /** Uploads a picked image and inserts it; the editor shows its own message while it runs. */
  onPickImage: (file: File) => void;
  isUploading: boolean;
}

/** The article editor's Chinese toolbar: block type, marks, lists, quote, link, image, table, undo and redo. */
export function EditorToolbar({ editor, onPickImage, isUploading }: EditorToolbarProps) {
  const [linkHref, setLinkHref] = useState<string | null>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: blockOf(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      linkHref: (e.getAttributes('link') as { href?: string }).href ?? '',
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const handleBlock = (block: Block) => {
    if (block === 'paragraph') chain().setParagraph().run();
    else chain().setHeading({ level: block }).run();
  };
  const handleLink = (href: string) => {
    setLinkHref(null);
    if (href === '') chain().extendMarkRange('link').unsetLink().run();
    else if (editor.state.selection.empty && !state.link)
      chain()
        .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    else chain().extendMarkRange('link').setLink({ href }).run();
  };

  return (
    <div className="article-editor__toolbar" role="toolbar" aria-label={ArticleAdminTexts.toolbar}>
      <Select<Block>
        size="small"
        className="article-editor__block"
        style={BLOCK_STYLE}
        aria-label={ArticleAdminTexts.blockType}
        value={state.block}
        options={BLOCK_OPTIONS}
        onChange={handleBlock}
        popupMatchSelectWidth={false}
      />
      <Divider orientation="vertical" />
      <Tool label={ArticleAdminTexts.bold} icon={<BoldOutlined />} isActive={state.bold} onClick={() => chain().toggleBold().run()} />
      <Tool
        label={ArticleAdminTexts.italic}
        icon={<ItalicOutlined />}
        isActive={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        label={ArticleAdminTexts.underline}
        icon={<UnderlineOutlined />}
        isActive={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <Tool
        label={ArticleAdminTexts.strike}
        icon={<StrikethroughOutlined />}
        isActive={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <Divider orientation="vertical" />
      <Tool
        label={ArticleAdminTexts.bulletList}
        icon={<UnorderedListOutlined />}
        isActive={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={ArticleAdminTexts.orderedList}
        icon={<OrderedListOutlined />}
        isActive={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label={ArticleAdminTexts.blockquote}
        icon={<span className="article-editor__quote-icon">❝</span>}
        isActive={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Divider orientation="vertical" />
      <Tool label={ArticleAdminTexts.link} icon={<LinkOutlined />} isActive={state.link} onClick={() => setLinkHref(state.linkHref)} />
      {state.link && (
        <Tool
          label={ArticleAdminTexts.unlink}
          icon={<DisconnectOutlined />}
          onClick={() => chain().extendMarkRange('link').unsetLink().run()}
        />
      )}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        disabled={isUploading}
        beforeUpload={(file) => {
          onPickImage(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Tooltip title={ArticleAdminTexts.image}>
          <Button type="text" size="small" icon={<PictureOutlined />} aria-label={ArticleAdminTexts.image} loading={isUploading} />
        </Tooltip>
      </Upload>
      <Tool
        label={ArticleAdminTexts.insertTable}
        icon={<TableOutlined />}
        disabled={state.inTable}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state.inTable && (
        <>
          <Tool label={ArticleAdminTexts.addRowAfter} icon={<InsertRowBelowOutlined />} onClick={() => chain().addRowAfter().run()} />
          <Tool label={ArticleAdminTexts.addColumnAfter} icon={<InsertRowRightOutlined />} onClick={() => chain().addColumnAfter().run()} />
          <Tool label={ArticleAdminTexts.deleteRow} icon={<DeleteRowOutlined />} onClick={() => chain().deleteRow().run()} />
          <Tool label={ArticleAdminTexts.deleteColumn} icon={<DeleteColumnOutlined />} onClick={() => chain().deleteColumn().run()} />
          <Tool label={ArticleAdminTexts.deleteTable} icon={<DeleteOutlined />} onClick={() => chain().deleteTable().run()} />
        </>
      )}
      <Divider orientation="vertical" />
      <Tool label={ArticleAdminTexts.undo} icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <Tool label={ArticleAdminTexts.redo} icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
      <LinkDialog open={linkHref !== null} href={linkHref ?? ''} onOk={handleLink} onCancel={() => setLinkHref(null)} />
    </div>
  );
}
