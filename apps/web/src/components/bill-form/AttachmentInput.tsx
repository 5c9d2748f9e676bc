import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Upload, type UploadProps } from 'antd';
import { ATTACHMENTS_MAX, FileTexts, type FileCard } from '@osp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadFile, useFileCards, useFileLimits } from '../../api/files';
import { refusalOf } from './attachment-rules';
import { AttachmentLink } from './AttachmentList';

/** A file being sent, or one that was not taken (with why). */
interface PendingFile {
  uid: string;
  name: string;
  percent: number;
  error?: string;
}

export interface AttachmentInputProps {
  id?: string;
  /** The ids of the uploaded files (what the bill's form holds). */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Cards the bill detail already has (BillDetail.attachments). */
  known?: Record<string, FileCard>;
}

const NO_IDS: string[] = [];

/**
 * An attachment field being edited: each picked file is uploaded at once (POST /api/files) and its id
 * joins the field's value; the list shows names as download links, with 删除 to take a file off the form.
 * Refused files stay listed with the reason (the server's message for its own refusals) until removed.
 */
export function AttachmentInput({ id, value, onChange, known }: AttachmentInputProps) {
  const ids = value ?? NO_IDS;
  const queryClient = useQueryClient();
  const limits = useFileLimits();
  const cards = useFileCards(ids, known);
  const maxCount = limits.data?.max_count ?? ATTACHMENTS_MAX;
  const [pending, setPending] = useState<PendingFile[]>([]);
  // Uploads finish in any order, each adding to what the field holds by then, not to what it held at the start.
  const latest = useRef(ids);
  useLayoutEffect(() => {
    latest.current = ids;
  });
  const running = useRef(0);

  const change = (next: string[]) => {
    latest.current = next;
    onChange?.(next);
  };
  const updatePending = (uid: string, patch: Partial<PendingFile>) =>
    setPending((list) => list.map((p) => (p.uid === uid ? { ...p, ...patch } : p)));
  const dropPending = (uid: string) => setPending((list) => list.filter((p) => p.uid !== uid));

  const handlePick: UploadProps['beforeUpload'] = (file) => {
    const refusal = refusalOf(file, {
      held: latest.current.length,
      uploading: running.current,
      maxCount,
      maxBytes: limits.data?.max_bytes,
    });
    setPending((list) => [...list, { uid: file.uid, name: file.name, percent: 0, ...(refusal ? { error: refusal } : {}) }]);
    if (refusal) return Upload.LIST_IGNORE;
    running.current += 1;
    uploadFile(queryClient, file, (percent) => updatePending(file.uid, { percent }))
      .then((card) => {
        dropPending(file.uid);
        change([...latest.current, card.id]);
      })
      .catch((error: unknown) => {
        // The API client has toasted the server's message too; it stays here beside the file.
        updatePending(file.uid, { error: error instanceof ApiError ? error.message : FileTexts.failed });
      })
      .finally(() => {
        running.current -= 1;
      });
    // Sent by the lines above, not by antd's own request.
    return Upload.LIST_IGNORE;
  };

  // A file just picked is shown, not left below the fold or under the edit page's sticky bar (its
  // scroll-margin in edit.css keeps it above the bar); the files a draft opens with stay where they are.
  const list = useRef<HTMLUListElement>(null);
  const listed = ids.length + pending.length;
  const wasListed = useRef(listed);
  useEffect(() => {
    if (listed > wasListed.current) list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
    wasListed.current = listed;
  }, [listed]);

  const isFull = ids.length >= maxCount;
  return (
    <div className="bill-attachment" id={id}>
      <div className="bill-attachment__bar">
        <Upload multiple showUploadList={false} beforeUpload={handlePick} disabled={isFull}>
          <Button icon={<UploadOutlined />} disabled={isFull}>
            {FileTexts.upload}
          </Button>
        </Upload>
        <span className="bill-attachment__hint">
          {isFull ? FileTexts.countFull(maxCount) : FileTexts.hint(maxCount, limits.data?.max_bytes)}
        </span>
      </div>
      {(ids.length > 0 || pending.length > 0) && (
        <ul className="bill-attachment__list" ref={list}>
          {ids.map((fileId) => (
            <li key={fileId} className="bill-attachment__item">
              <AttachmentLink id={fileId} card={cards.get(fileId)} />
              <Button
                type="text"
                size="small"
                danger
                icon={<CloseOutlined />}
                aria-label={`${FileTexts.remove} ${cards.get(fileId)?.name ?? FileTexts.unnamed}`}
                onClick={() => change(latest.current.filter((x) => x !== fileId))}
              />
            </li>
          ))}
          {pending.map((file) => (
            <li key={file.uid} className={file.error ? 'bill-attachment__item bill-attachment__item--error' : 'bill-attachment__item'}>
              <span className="bill-attachment__file">
                <PaperClipOutlined className="bill-attachment__icon" />
                <span className="bill-attachment__name">{file.name}</span>
              </span>
              {file.error ? (
                <>
                  <span className="bill-attachment__error" role="alert">
                    {file.error}
                  </span>
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined />}
                    aria-label={`${FileTexts.remove} ${file.name}`}
                    onClick={() => dropPending(file.uid)}
                  />
                </>
              ) : (
                <Progress className="bill-attachment__progress" percent={file.percent} size="small" aria-label={FileTexts.uploading} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
