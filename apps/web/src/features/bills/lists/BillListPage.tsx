import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BILL_BOX_DESCRIPTIONS, BILL_BOX_TITLES, defaultBillSort, type BillBox, type BillListRow } from '@osp/shared';
import { useBills, type BillListFilter } from '../../../api/bills';
import { detailPath, editPath } from '../detail/flow-display';
import { BillExportButton } from './BillExportButton';
import { BillFilters } from './BillFilters';
import { BillTable, type BillSort } from './BillTable';
import './lists.css';

/** One of the boxes (待我审批, 我已审批, 我发起的, 草稿箱, 我关注的): filters, sortable times, paging. */
export function BillListPage({ box }: { box: BillBox }) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<BillListFilter>({});
  // Newest first: the todo box by when each task arrived, the others by their latest change.
  const [sort, setSort] = useState<BillSort>({ sort: defaultBillSort(box), order: 'desc' });
  const [paging, setPaging] = useState({ page: 1, per_page: 15 });
  const bills = useBills({ box, ...filter, ...sort, ...paging });

  const changeFilter = (next: BillListFilter) => {
    setFilter((current) => ({ ...current, ...next }));
    setPaging((current) => ({ ...current, page: 1 }));
  };

  const handleOpen = (bill: BillListRow) => {
    // A draft is still being written: it opens where it is edited.
    void navigate(box === 'draft' ? editPath(bill) : detailPath(bill, box));
  };

  return (
    <div className="bill-list">
      <div className="bill-list__header">
        <BillExportButton query={{ box, ...filter, ...sort }} isEmpty={bills.data?.total === 0} />
        <h2 className="bill-list__heading">{BILL_BOX_TITLES[box]}</h2>
        <p className="bill-list__description">{BILL_BOX_DESCRIPTIONS[box]}</p>
      </div>
      <BillFilters box={box} filter={filter} onChange={changeFilter} />
      <BillTable
        box={box}
        data={bills.data}
        isLoading={bills.isFetching && !bills.data}
        loadError={bills.error}
        onRetry={() => void bills.refetch()}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPaging((current) => ({ ...current, page: 1 }));
        }}
        onPageChange={(page, perPage) => setPaging({ page: perPage === paging.per_page ? page : 1, per_page: perPage })}
        onOpen={handleOpen}
      />
    </div>
  );
}
