import { DatePicker, Flex, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { BILL_STATUS_LABELS, SHARE_READ_LABELS, SHARE_READ_STATES, type BillBox, type BillStatus, type ShareReadState } from '@osp/shared';
import { useTemplateOptions, type BillListFilter } from '../../../api/bills';

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

/** Keyword, template, status, read state (抄送我的) and creation-date filters of a box. */
export function BillFilters({ box, filter, onChange }: BillFiltersProps) {
  const templates = useTemplateOptions();
  const statuses = BOX_STATUSES[box];

  const handleDates = (range: [Dayjs | null, Dayjs | null] | null) => {
    onChange({ date_from: range?.[0]?.format('YYYY-MM-DD'), date_to: range?.[1]?.format('YYYY-MM-DD') });
  };

  return (
    <Flex wrap gap={8} className="bill-filters">
      <Input.Search
        allowClear
        placeholder="标题 / 模板 / 单据编号"
        aria-label="搜索单据"
        maxLength={50}
        className="bill-filters__search"
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="全部模板"
        aria-label="按模板筛选"
        className="bill-filters__template"
        loading={templates.isPending}
        options={(templates.data?.list ?? []).map((template) => ({ value: template.id, label: template.name }))}
        value={filter.template_id}
        onChange={(value: number | undefined) => onChange({ template_id: value })}
      />
      {statuses.length > 0 && (
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          className="bill-filters__status"
          options={statuses.map((status) => ({ value: status, label: BILL_STATUS_LABELS[status] }))}
          value={filter.status}
          onChange={(value: BillStatus | undefined) => onChange({ status: value })}
        />
      )}
      {box === 'shared' && (
        <Select
          allowClear
          placeholder="全部阅读状态"
          aria-label="按阅读状态筛选"
          className="bill-filters__status"
          options={SHARE_READ_STATES.map((state) => ({ value: state, label: SHARE_READ_LABELS[state] }))}
          value={filter.share_state}
          onChange={(value: ShareReadState | undefined) => onChange({ share_state: value })}
        />
      )}
      <DatePicker.RangePicker
        className="bill-filters__dates"
        aria-label="按创建日期筛选"
        placeholder={['创建日期起', '创建日期止']}
        onChange={handleDates}
      />
    </Flex>
  );
}
