import { Collapse, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArticleReadLogTexts, READ_STATE_LABELS, type ArticleReadDept, type ArticleReadPerson, type ReadState } from '@osp/shared';
import { RelativeTime } from '../../../../components/RelativeTime';

/** The number even at 100 %, where antd would show only a tick: the page is read for its numbers. */
const percentText = (percent?: number) => `${percent ?? 0}%`;
const STATE_COLORS: Record<ReadState, string> = { confirmed: 'success', opened: 'processing', unread: 'warning' };
/** More departments than this start folded, but the first few: a long page of tables helps nobody find one. */
const EXPANDED_AT_MOST = 8;
/** People one department's table shows a page. */
const PAGE_SIZE = 50;

/** A time, or a dash for what has not happened (never opened, not confirmed). */
function TimeCell({ iso }: { iso: string | null }) {
  return iso ? <RelativeTime iso={iso} /> : <Typography.Text type="secondary">—</Typography.Text>;
}

function columns(isForced: boolean): ColumnsType<ArticleReadPerson> {
  return [
    {
      key: 'name',
      title: ArticleReadLogTexts.name,
      render: (_, person) => (
        <Space size={4} wrap>
          <span className="read-log-person__name">{person.name}</span>
          {person.outside && (
            <Tooltip title={ArticleReadLogTexts.outsideHint}>
              <Tag>{ArticleReadLogTexts.outside}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'username', title: ArticleReadLogTexts.username, dataIndex: 'username' },
    {
      key: 'state',
      title: ArticleReadLogTexts.state,
      render: (_, person) => <Tag color={STATE_COLORS[person.state]}>{READ_STATE_LABELS[person.state]}</Tag>,
    },
    { key: 'first', title: ArticleReadLogTexts.firstOpenedAt, render: (_, person) => <TimeCell iso={person.first_opened_at} /> },
    { key: 'last', title: ArticleReadLogTexts.lastOpenedAt, render: (_, person) => <TimeCell iso={person.last_opened_at} /> },
    { key: 'count', title: ArticleReadLogTexts.openCount, dataIndex: 'open_count', align: 'right' },
    ...(isForced
      ? [
          {
            key: 'confirmed',
            title: ArticleReadLogTexts.confirmedAt,
            render: (_: unknown, person: ArticleReadPerson) => <TimeCell iso={person.confirmed_at} />,
          },
        ]
      : []),
  ];
}

/** A department's heading: its name, its counts and its completion, readable folded. */
function DeptLabel({ dept, isForced }: { dept: ArticleReadDept; isForced: boolean }) {
  return (
    <div className="read-log-dept__label">
      <Typography.Text strong className="read-log-dept__name">
        {dept.dept_name}
      </Typography.Text>
      <Typography.Text type="secondary" className="read-log-dept__counts">
        {ArticleReadLogTexts.total} {dept.total} · {ArticleReadLogTexts.opened} {dept.opened}
        {isForced && ` · ${ArticleReadLogTexts.confirmed} ${dept.confirmed}`}
      </Typography.Text>
      <Progress
        className="read-log-dept__progress"
        percent={dept.completion}
        size="small"
        status={dept.completion >= 100 ? 'success' : 'normal'}
        format={percentText}
        aria-label={`${dept.dept_name}${ArticleReadLogTexts.completion}`}
      />
    </div>
  );
}

interface ReadLogDeptsProps {
  depts: readonly ArticleReadDept[];
  isForced: boolean;
}

/** The audience by department, each a group that folds, its people in a table. */
export function ReadLogDepts({ depts, isForced }: ReadLogDeptsProps) {
  const keyOf = (dept: ArticleReadDept) => String(dept.dept_id ?? 'none');
  const tableColumns = columns(isForced);
  return (
    <Collapse
      className="read-log-depts"
      defaultActiveKey={depts.slice(0, EXPANDED_AT_MOST).map(keyOf)}
      items={depts.map((dept) => ({
        key: keyOf(dept),
        className: 'read-log-dept',
        label: <DeptLabel dept={dept} isForced={isForced} />,
        children: (
          <Table<ArticleReadPerson>
            size="small"
            rowKey="user_id"
            columns={tableColumns}
            dataSource={dept.people}
            scroll={{ x: 'max-content' }}
            pagination={dept.people.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
          />
        ),
      }))}
    />
  );
}
