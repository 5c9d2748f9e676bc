import { BillExportTexts } from '@osp/shared';
import { exportBills, type BillExportQuery } from '../../../api/bills-export';
import { ExportButton } from '../../../components/ExportButton';
import './bill-export.css';

interface BillExportButtonProps {
  /** The box with the filters and order the list shows now: the file holds the same bills in the same order. */
  query: BillExportQuery;
  /** The list holds no bill: nothing to export. */
  isEmpty: boolean;
}

/** 导出 on a list page (GET /api/export/bills), with the SPEC §9 mask (../../../components/ExportButton.tsx). */
export function BillExportButton({ query, isEmpty }: BillExportButtonProps) {
  return (
    <ExportButton
      className="bill-export"
      label={BillExportTexts.button}
      hint={isEmpty ? BillExportTexts.emptyHint : BillExportTexts.hint}
      isDisabled={isEmpty}
      onExport={() => exportBills(query)}
    />
  );
}
