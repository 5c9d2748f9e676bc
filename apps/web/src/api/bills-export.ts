import type { BillBox } from '@osp/shared';
import type { BillListFilter, BillSortField } from './bills';
import { exportThroughFrame } from './frame-export';

/**
 * GET /api/export/bills (issue 13, docs/approval-api.md "Export"): a box of the approval lists as an xlsx, with the
 * list's filters and order, downloaded in a hidden frame with the readiness cookie (./frame-export.ts).
 */

export interface BillExportQuery extends BillListFilter {
  box: BillBox;
  sort: BillSortField;
  order: 'asc' | 'desc';
}

/**
 * Starts the download of the box as it is listed; resolves once the file is on its way to the browser's downloads,
 * rejects (after the API client's toast, or its sign-in redirect) when it was refused.
 */
export function exportBills(query: BillExportQuery): Promise<void> {
  return exportThroughFrame('/api/export/bills', query);
}
