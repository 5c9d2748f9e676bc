import { Drawer, Empty, List, Typography } from 'antd';
import { dateTimeText, HolidayAdminTexts, type HolidayStatsRow } from '@osp/shared';
import { useHolidayStatsDetail } from '../../../api/holiday';
import { queryListState } from '../../../components/LoadFailed';

interface HolidayHistoryDrawerProps {
  row: HolidayStatsRow | null;
  onClose: () => void;
}

/** 调整记录: a person's adjustments of one year, newest first, with who made them and why. */
export function HolidayHistoryDrawer({ row, onClose }: HolidayHistoryDrawerProps) {
  const detail = useHolidayStatsDetail(row?.user_id, row?.year ?? 0);
  const state = queryListState(detail, <Empty description={HolidayAdminTexts.historyEmpty} />);
  return (
    <Drawer
      title={row ? HolidayAdminTexts.historyTitle(row.name, row.year) : ''}
      open={row !== null}
      onClose={onClose}
      width={480}
      destroyOnHidden
    >
      {state.above}
      <List
        locale={{ emptyText: state.emptyText }}
        dataSource={detail.data?.changes ?? []}
        renderItem={(change) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  {change.delta > 0 ? `+${change.delta}` : change.delta}（
                  {HolidayAdminTexts.historyLine(change.total_before, change.total_after)}）
                </span>
              }
              description={
                <>
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{change.reason}</Typography.Paragraph>
                  <Typography.Text type="secondary">
                    {HolidayAdminTexts.by}：{change.changed_by_name ?? '—'} · {dateTimeText(change.changed_at)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
