import { Empty, Tag, Timeline } from 'antd';
import { durationBetween, TimeTexts, type BillHistoryEntry } from '@osp/shared';
import { RelativeTime } from '../../../components/RelativeTime';
import { FieldChanges } from './FieldChanges';
import { historyColor, placeOf } from './flow-display';

/** How long a handler took over the task they decided here (耗时, as 钉钉 shows it); '' for any other entry. */
function tookText(entry: BillHistoryEntry): string {
  const took = durationBetween(entry.task_arrived_at, entry.at);
  return took === '' ? '' : TimeTexts.took(took);
}

/** The bill's history, oldest first: who did what at which step, with their comment, when, and how long it took. */
export function HistoryTimeline({ entries }: { entries: readonly BillHistoryEntry[] }) {
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无审批记录" />;
  return (
    <Timeline
      className="history-timeline"
      items={entries.map((entry) => ({
        key: entry.seq,
        color: historyColor(entry.action),
        content: (
          <div className="history-entry">
            <div className="history-entry__head">
              <span className="history-entry__actor">{entry.actor_name ?? '系统'}</span>
              <span className={`history-entry__action history-entry__action--${historyColor(entry.action)}`}>{entry.action_text}</span>
              {entry.to_user && <span>→ {entry.to_user}</span>}
              {entry.on_behalf_of && <Tag color="purple">{entry.on_behalf_of}</Tag>}
            </div>
            {placeOf(entry) !== '' && <div className="history-entry__minor">{placeOf(entry)}</div>}
            <FieldChanges changes={entry.changes} />
            {entry.comment && <div className="history-entry__comment">{entry.comment}</div>}
            <div className="history-entry__minor">
              <RelativeTime iso={entry.at} />
              {tookText(entry) !== '' && <span className="history-entry__took"> · {tookText(entry)}</span>}
            </div>
          </div>
        ),
      }))}
    />
  );
}
