import { FilterOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import {
  BILL_STATUS_LABELS,
  BillListTexts,
  SHARE_READ_LABELS,
  SHARE_READ_STATES,
  type BillBox,
  type BillStatus,
  type ShareReadState,
} from '@osp/shared';
import { useTemplateOptions, type BillListFilter } from '../../../api/bills';
import { DateRangePicker } from '../../../components/DateRangePicker';
import { useIsMobile } from '../../../utils/useIsMobile';

/** The statuses a box can hold: todo holds only bills in progress, the draft box only drafts. */
const BOX_STATUSES: Record<BillBox, readonly BillStatus[]> = {
  todo: [],
  draft: [],
  done: ['doing', 'done', 'rejected', 'returned', 'abandoned', 'closed'],
  mine: ['doing', 'done', 'rejected', 'returned', 'abandoned', 'closed'],
  tracked: ['doing', 'done', 'rejected', 'returned', 'abandoned', 'closed'],
  shared: ['doing', 'done', 'rejected', 'returned', 'abandoned', 'closed'],
};

interface BillFiltersProps {
  box: BillBox;
  filter: BillListFilter;
  onChange: (next: BillListFilter) => void;
}

/** How many of the folded filters are set (the date range counts once). */
function activeCount(filter: BillListFilter): number {
  const set = [filter.template_id, filter.status, filter.share_state, filter.date_from ?? filter.date_to];
  return set.filter((value) => value !== undefined).length;
}

/**
 * Keyword, template, status, read state (抄送我的) and creation-date filters of a box. On a phone all but
 * the search fold behind 筛选, so that the list starts near the top of the screen; folded, they stay
 * mounted and keep what was chosen.
 */
export function BillFilters({ box, filter, onChange }: BillFiltersProps) {
  const templates = useTemplateOptions();
  const statuses = BOX_STATUSES[box];
  const isMobile = useIsMobile();
  const [isUnfolded, setIsUnfolded] = useState(false);
  // Kept-alive boxes stay mounted side by side: each its own id.
  const moreId = useId();
  const active = activeCount(filter);

  const handleDates = (range: [Dayjs | null, Dayjs | null] | null) => {
    onChange({ date_from: range?.[0]?.format('YYYY-MM-DD'), date_to: range?.[1]?.format('YYYY-MM-DD') });
  };

  return (
    <Flex wrap gap={8} className="bill-filters">
      <Input.Search
        allowClear
        placeholder={BillListTexts.searchPlaceholder}
        aria-label={BillListTexts.searchLabel}
        maxLength={50}
        className="bill-filters__search"
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      {isMobile && (
        <Button
          icon={<FilterOutlined aria-hidden />}
          type={active > 0 ? 'primary' : 'default'}
          ghost={active > 0}
          aria-expanded={isUnfolded}
          aria-controls={moreId}
          onClick={() => setIsUnfolded((current) => !current)}
        >
          {BillListTexts.moreFilters(active)}
        </Button>
      )}
      <div id={moreId} className="bill-filters__more" hidden={isMobile && !isUnfolded}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={BillListTexts.allTemplates}
          aria-label={BillListTexts.byTemplate}
          className="bill-filters__template"
          loading={templates.isPending}
          options={(templates.data?.list ?? []).map((template) => ({ value: template.id, label: template.name }))}
          value={filter.template_id}
          onChange={(value: number | undefined) => onChange({ template_id: value })}
        />
        {statuses.length > 0 && (
          <Select
            allowClear
            placeholder={BillListTexts.allStatuses}
            aria-label={BillListTexts.byStatus}
            className="bill-filters__status"
            options={statuses.map((status) => ({ value: status, label: BILL_STATUS_LABELS[status] }))}
            value={filter.status}
            onChange={(value: BillStatus | undefined) => onChange({ status: value })}
          />
        )}
        {box === 'shared' && (
          <Select
            allowClear
            placeholder={BillListTexts.allReadStates}
            aria-label={BillListTexts.byReadState}
            className="bill-filters__status"
            options={SHARE_READ_STATES.map((state) => ({ value: state, label: SHARE_READ_LABELS[state] }))}
            value={filter.share_state}
            onChange={(value: ShareReadState | undefined) => onChange({ share_state: value })}
          />
        )}
        <DateRangePicker
          className="bill-filters__dates"
          aria-label={BillListTexts.byDates}
          placeholder={BillListTexts.datesPlaceholder}
          onChange={handleDates}
        />
      </div>
    </Flex>
  );
}
