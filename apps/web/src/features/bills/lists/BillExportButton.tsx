import { DownloadOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { useState } from 'react';
import { BillExportTexts, CommonMessages } from '@osp/shared';
import { exportBills, type BillExportQuery } from '../../../api/bills-export';
import './bill-export.css';

interface BillExportButtonProps {
  /** The box with the filters and order the list shows now: the file holds the same bills in the same order. */
  query: BillExportQuery;
  /** The list holds no bill: nothing to export. */
  isEmpty: boolean;
}

/**
 * 导出 on a list page (GET /api/export/bills): the SPEC §9 mask 「正在导出......」 covers the page until the file is on
 * its way to the browser's downloads (../../../api/bills-export.ts); a refusal was shown by the API client.
 */
export function BillExportButton({ query, isEmpty }: BillExportButtonProps) {
  const [isExporting, setIsExporting] = useState(false);

  const handleExport = () => {
    setIsExporting(true);
    exportBills(query)
      // A refusal was toasted (or sent to sign-in) by the API client; the mask goes either way.
      .catch(() => undefined)
      .finally(() => setIsExporting(false));
  };

  return (
    <>
      <Tooltip title={isEmpty ? BillExportTexts.emptyHint : BillExportTexts.hint}>
        <Button className="bill-export" icon={<DownloadOutlined />} disabled={isEmpty || isExporting} onClick={handleExport}>
          {BillExportTexts.button}
        </Button>
      </Tooltip>
      <Spin fullscreen spinning={isExporting} description={CommonMessages.exporting} />
    </>
  );
}
