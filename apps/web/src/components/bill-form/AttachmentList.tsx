import { DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { FileTexts, formatFileSize, type FileCard } from '@osp/shared';
import { useState } from 'react';
import { downloadArchive, downloadFile, useFileCards } from '../../api/files';
import { WatermarkedView } from './WatermarkedView';
// The list's own layout: it is also shown outside a bill's form (an article's 附件, a survey's returns).
import './bill-form.css';

/** A file's name as a download link (the download carries the bearer header), with its size. */
export function AttachmentLink({ id, card }: { id: string; card: FileCard | undefined }) {
  const [isLoading, setIsLoading] = useState(false);
  const handleDownload = () => {
    setIsLoading(true);
    downloadFile({ id, name: card?.name ?? FileTexts.unnamed })
      // A failure was shown by the API client (SPEC §8).
      .catch(() => undefined)
      .finally(() => setIsLoading(false));
  };
  return (
    <span className="bill-attachment__file">
      <PaperClipOutlined className="bill-attachment__icon" />
      <Button type="link" size="small" className="bill-attachment__name" loading={isLoading} onClick={handleDownload}>
        {card?.name ?? FileTexts.unnamed}
      </Button>
      {card && <span className="bill-attachment__size">{formatFileSize(card.size)}</span>}
    </span>
  );
}

/**
 * An attachment field, read only: each file as a download link, an image's 查看 and a PDF's 水印下载 (the copy
 * marked with the viewer's name), and 全部下载 (one zip) when there are several.
 */
export function AttachmentList({ ids, known }: { ids: string[]; known?: Record<string, FileCard> }) {
  const cards = useFileCards(ids, known);
  const [isZipping, setIsZipping] = useState(false);
  const handleDownloadAll = () => {
    setIsZipping(true);
    downloadArchive(ids)
      .catch(() => undefined)
      .finally(() => setIsZipping(false));
  };
  return (
    <div className="bill-attachment">
      <ul className="bill-attachment__list">
        {ids.map((id) => (
          <li key={id} className="bill-attachment__item">
            <AttachmentLink id={id} card={cards.get(id)} />
            <WatermarkedView card={cards.get(id)} />
          </li>
        ))}
      </ul>
      {ids.length > 1 && (
        <div className="bill-attachment__all">
          <Button size="small" icon={<DownloadOutlined />} loading={isZipping} onClick={handleDownloadAll}>
            {FileTexts.downloadAll}
          </Button>
        </div>
      )}
    </div>
  );
}
