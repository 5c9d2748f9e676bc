import { EyeOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { FileTexts, WATERMARK_IMAGE_TYPES, WATERMARK_PDF_TYPE, type FileCard } from '@osp/shared';
import { useEffect, useState } from 'react';
import { downloadWatermarked, fetchWatermarked } from '../../api/files';

/** 查看: the image marked with the viewer's name and the time, in a dialog; the picture lives as a blob URL while it is open. */
function WatermarkedImage({ card }: { card: FileCard }) {
  const [url, setUrl] = useState<string>();
  const [isLoading, setIsLoading] = useState(false);
  // The blob is freed when the dialog closes or the list goes away.
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  const handleView = () => {
    setIsLoading(true);
    fetchWatermarked(card)
      .then((file) => setUrl(URL.createObjectURL(file.blob)))
      // A refusal (too large, broken) was shown by the API client (SPEC §8).
      .catch(() => undefined)
      .finally(() => setIsLoading(false));
  };
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<EyeOutlined />}
        loading={isLoading}
        aria-label={FileTexts.viewOf(card.name)}
        onClick={handleView}
      >
        {FileTexts.view}
      </Button>
      <Modal
        open={url !== undefined}
        title={FileTexts.viewTitle(card.name)}
        footer={null}
        width={900}
        onCancel={() => setUrl(undefined)}
        destroyOnHidden
      >
        {url && <img className="bill-attachment__preview" src={url} alt={FileTexts.viewTitle(card.name)} />}
      </Modal>
    </>
  );
}

/** 水印下载: the PDF marked on every page, saved; the app's CSP (object-src 'none') lets no PDF show inside the page. */
function WatermarkedPdf({ card }: { card: FileCard }) {
  const [isLoading, setIsLoading] = useState(false);
  const handleDownload = () => {
    setIsLoading(true);
    downloadWatermarked(card)
      .catch(() => undefined)
      .finally(() => setIsLoading(false));
  };
  return (
    <Button
      type="link"
      size="small"
      icon={<SafetyCertificateOutlined />}
      loading={isLoading}
      aria-label={FileTexts.downloadMarkedOf(card.name)}
      onClick={handleDownload}
    >
      {FileTexts.downloadMarked}
    </Button>
  );
}

/** The watermarked copy of an attachment the server marks (shared WATERMARK_* types); nothing for any other type. */
export function WatermarkedView({ card }: { card: FileCard | undefined }) {
  if (!card) return null;
  if (WATERMARK_IMAGE_TYPES.includes(card.mime)) return <WatermarkedImage card={card} />;
  if (card.mime === WATERMARK_PDF_TYPE) return <WatermarkedPdf card={card} />;
  return null;
}
