import { DownloadOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { useState } from 'react';
import { CommonMessages } from '@osp/shared';

interface ExportButtonProps {
  /** Starts the download (../api/frame-export.ts); settles once the file is on its way or was refused. */
  onExport: () => Promise<void>;
  label: string;
  /** What the file holds, or why there is nothing to export while `isDisabled`. */
  hint: string;
  isDisabled?: boolean;
  className?: string;
}

/**
 * 导出: the SPEC §9 mask 「正在导出......」 covers the page until the file is on its way to the browser's downloads;
 * a refusal was shown by the API client. Used by the bill lists and an article's read log.
 */
export function ExportButton({ onExport, label, hint, isDisabled = false, className }: ExportButtonProps) {
  const [isExporting, setIsExporting] = useState(false);

  const handleExport = () => {
    setIsExporting(true);
    onExport()
      // A refusal was toasted (or sent to sign-in) by the API client; the mask goes either way.
      .catch(() => undefined)
      .finally(() => setIsExporting(false));
  };

  return (
    <>
      <Tooltip title={hint}>
        <Button className={className} icon={<DownloadOutlined />} disabled={isDisabled || isExporting} onClick={handleExport}>
          {label}
        </Button>
      </Tooltip>
      <Spin fullscreen spinning={isExporting} description={CommonMessages.exporting} />
    </>
  );
}
