import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { ArticleReadLogTexts, FileTexts, formatFileSize, type FileCard } from '@osp/shared';
import { downloadFile } from '../../../api/files';

/** One attachment: its name downloads it through the API client (the bearer header), its size beside it. */
function AttachmentItem({ card }: { card: FileCard }) {
  const [isLoading, setIsLoading] = useState(false);
  const handleDownload = () => {
    setIsLoading(true);
    downloadFile(card)
      // A failure was shown by the API client (SPEC §8).
      .catch(() => undefined)
      .finally(() => setIsLoading(false));
  };
  return (
    <li className="article-attachments__item">
      <PaperClipOutlined className="article-attachments__icon" />
      <Button type="link" size="small" className="article-attachments__name" loading={isLoading} onClick={handleDownload}>
        {card.name || FileTexts.unnamed}
      </Button>
      <Typography.Text type="secondary" className="article-attachments__size">
        {formatFileSize(card.size)}
      </Typography.Text>
    </li>
  );
}

/** 附件 under an article's body; nothing when it has none. */
export function ArticleAttachments({ attachments }: { attachments: readonly FileCard[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="article-attachments" aria-label={ArticleReadLogTexts.attachments}>
      <Typography.Text strong>{ArticleReadLogTexts.attachments}</Typography.Text>
      <ul className="article-attachments__list">
        {attachments.map((card) => (
          <AttachmentItem key={card.id} card={card} />
        ))}
      </ul>
    </section>
  );
}
