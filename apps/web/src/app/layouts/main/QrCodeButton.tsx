import { QrcodeOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';

/** SPEC §9: the QR-code pop-up image is 200x200. */
const QR_SIZE = 200;

interface DrawnCode {
  url: string;
  image: string;
}

/** A header icon that shows, on hover, a QR code for opening the system on a phone. */
export function QrCodeButton({ url }: { url: string }) {
  const [code, setCode] = useState<DrawnCode>();

  // Drawn on first hover only: most visits never open it.
  const handleOpenChange = (isOpen: boolean) => {
    if (!isOpen || code?.url === url) return;
    QRCode.toDataURL(url, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' }).then(
      (image) => setCode({ url, image }),
      () => setCode(undefined),
    );
  };

  const content =
    code?.url === url ? (
      <div className="qr-popup">
        <img src={code.image} width={QR_SIZE} height={QR_SIZE} alt={`二维码：${url}`} />
        <div className="qr-popup__caption">手机扫码访问</div>
      </div>
    ) : (
      <div className="qr-popup qr-popup--loading">
        <Spin />
      </div>
    );

  return (
    <Popover content={content} placement="bottom" onOpenChange={handleOpenChange}>
      <Button type="text" className="header-icon-button" aria-label="手机扫码访问" icon={<QrcodeOutlined />} />
    </Popover>
  );
}
