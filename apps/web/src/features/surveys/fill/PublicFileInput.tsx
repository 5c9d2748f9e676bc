import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Upload, type UploadProps } from 'antd';
import { FileTexts, formatFileSize, SurveyFillTexts } from '@osp/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { uploadPublicSurveyFile, usePublicFileCards } from '../../../api/survey-fill';
import { messageText } from '../../../components/HtmlMessage';
import '../../../components/bill-form/bill-form.css';

/** A file being sent, or one that was not taken (with why). */
interface PendingFile {
  uid: string;
  name: string;
  percent: number;
  error?: string;
}

interface PublicFileInputProps {
  surveyId: number;
  maxFiles: number;
  value: unknown;
  /** undefined clears the answer. */
  onChange: (ids: string[] | undefined) => void;
  isDisabled: boolean;
  labelId: string;
}

const NO_IDS: string[] = [];

/**
 * 文件题 on a public link (no sign-in): each picked file goes at once to POST /api/publish/share/{id}/files and its id
 * joins the answer, up to the question's maxFiles. Names are shown from the upload's answer (nobody on the link may
 * download a file back), with 移除; a refused file stays listed with the reason until removed.
 */
export function PublicFileInput({ surveyId, maxFiles, value, onChange, isDisabled, labelId }: PublicFileInputProps) {
  const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : NO_IDS;
  const queryClient = useQueryClient();
  const cards = usePublicFileCards(ids);
  const [pending, setPending] = useState<PendingFile[]>([]);
  // Uploads finish in any order, each adding to what the answer holds by then, not to what it held at the start.
  const latest = useRef(ids);
  useLayoutEffect(() => {
    latest.current = ids;
  });
  const running = useRef(0);

  const change = (next: string[]) => {
    latest.current = next;
    onChange(next.length > 0 ? next : undefined);
  };
  const updatePending = (uid: string, patch: Partial<PendingFile>) =>
    setPending((list) => list.map((p) => (p.uid === uid ? { ...p, ...patch } : p)));
  const dropPending = (uid: string) => setPending((list) => list.filter((p) => p.uid !== uid));

  const handlePick: UploadProps['beforeUpload'] = (file) => {
    const refusal =
      latest.current.length + running.current >= maxFiles
        ? SurveyFillTexts.shareFilesFull(maxFiles)
        : file.size === 0
          ? FileTexts.empty(file.name)
          : undefined;
    setPending((list) => [...list, { uid: file.uid, name: file.name, percent: 0, ...(refusal ? { error: refusal } : {}) }]);
    if (refusal) return Upload.LIST_IGNORE;
    running.current += 1;
    uploadPublicSurveyFile(queryClient, surveyId, file, (percent) => updatePending(file.uid, { percent }))
      .then((card) => {
        dropPending(file.uid);
        change([...latest.current, card.id]);
      })
      .catch((error: unknown) => {
        // The API client has shown the server's message too; it stays here beside the file.
        updatePending(file.uid, { error: error instanceof ApiError ? messageText(error.message) : SurveyFillTexts.shareUploadFailed });
      })
      .finally(() => {
        running.current -= 1;
      });
    // Sent by the lines above, not by antd's own request.
    return Upload.LIST_IGNORE;
  };

  const isFull = ids.length >= maxFiles;
  return (
    <div className="bill-attachment" role="group" aria-labelledby={labelId}>
      {!isDisabled && (
        <div className="bill-attachment__bar">
          <Upload multiple={maxFiles > 1} showUploadList={false} beforeUpload={handlePick} disabled={isFull}>
            <Button icon={<UploadOutlined />} disabled={isFull}>
              {SurveyFillTexts.shareUpload}
            </Button>
          </Upload>
          {isFull && <span className="bill-attachment__hint">{SurveyFillTexts.shareFilesFull(maxFiles)}</span>}
        </div>
      )}
      {(ids.length > 0 || pending.length > 0) && (
        <ul className="bill-attachment__list">
          {ids.map((fileId) => {
            const card = cards.get(fileId);
            const name = card?.name ?? FileTexts.unnamed;
            return (
              <li key={fileId} className="bill-attachment__item">
                <span className="bill-attachment__file">
                  <PaperClipOutlined className="bill-attachment__icon" />
                  <span className="bill-attachment__name">{name}</span>
                </span>
                {card && <span className="bill-attachment__size">{formatFileSize(card.size)}</span>}
                {!isDisabled && (
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={SurveyFillTexts.shareFileRemove(name)}
                    onClick={() => change(latest.current.filter((x) => x !== fileId))}
                  />
                )}
              </li>
            );
          })}
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
                    aria-label={SurveyFillTexts.shareFileRemove(file.name)}
                    onClick={() => dropPending(file.uid)}
                  />
                </>
              ) : (
                <Progress
                  className="bill-attachment__progress"
                  percent={file.percent}
                  size="small"
                  aria-label={SurveyFillTexts.shareUploading}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
