import { Button, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EntrustTexts, type EntrustState, type EntrustView } from '@osp/shared';
import { useDeleteEntrust, useEndEntrust, useEntrusts, type EntrustRole } from '../../../api/entrust';
import { listState } from '../../../components/LoadFailed';
import { toast } from '../../../components/toast';
import { formatDateTime } from '../../../utils/datetime';
import { useIsMobile } from '../../../utils/useIsMobile';

const STATE_COLOR: Record<EntrustState, string> = { active: 'green', pending: 'blue', ended: 'default' };

interface EntrustTableProps {
  role: EntrustRole;
  onEdit: (entrust: EntrustView) => void;
}

/** One tab of 委托管理: the entrusts given (with what the owner may do now) or received. */
export function EntrustTable({ role, onEdit }: EntrustTableProps) {
  const isMobile = useIsMobile();
  const entrusts = useEntrusts(role);
  const end = useEndEntrust();
  const remove = useDeleteEntrust();

  // A refusal (it started or ended meanwhile) is the API client's toast; the list refetches either way.
  const handleEnd = (id: number) => end.mutate(id, { onSuccess: ({ message }) => toast.success(message) });
  const handleDelete = (id: number) => remove.mutate(id, { onSuccess: ({ message }) => toast.success(message) });

  const personOf = (row: EntrustView) => (role === 'given' ? row.delegate_name : row.user_name);
  const stateOf = (row: EntrustView) => <Tag color={STATE_COLOR[row.state]}>{row.state_text}</Tag>;
  const periodOf = (row: EntrustView) => (
    <span className="entrust-period">
      {formatDateTime(row.start_at)}
      <br />至 {formatDateTime(row.end_at)}
    </span>
  );
  const templatesOf = (row: EntrustView) =>
    row.template_names.length === 0 ? (
      EntrustTexts.allTemplates
    ) : (
      <Flex wrap gap={4}>
        {row.template_names.map((name, index) => (
          <Tag key={row.template_ids[index] ?? name}>{name}</Tag>
        ))}
      </Flex>
    );

  // A phone gets one column holding everything (person and state, period, templates) beside the actions.
  const columns: TableColumnsType<EntrustView> = isMobile
    ? [
        {
          title: role === 'given' ? EntrustTexts.delegate : EntrustTexts.owner,
          key: 'entrust',
          render: (_, row) => (
            <Flex vertical gap={4}>
              <Flex gap={8} align="center">
                <Typography.Text strong>{personOf(row)}</Typography.Text>
                {stateOf(row)}
              </Flex>
              {periodOf(row)}
              <Typography.Text type="secondary">{templatesOf(row)}</Typography.Text>
            </Flex>
          ),
        },
      ]
    : [
        {
          title: role === 'given' ? EntrustTexts.delegate : EntrustTexts.owner,
          key: 'person',
          width: 110,
          render: (_, row) => personOf(row),
        },
        { title: EntrustTexts.templates, key: 'templates', render: (_, row) => templatesOf(row) },
        { title: EntrustTexts.period, key: 'period', width: 170, render: (_, row) => periodOf(row) },
        { title: EntrustTexts.reason, dataIndex: 'reason', key: 'reason', ellipsis: true, render: (reason: string) => reason || '—' },
        { title: EntrustTexts.state, key: 'state', width: 90, render: (_, row) => stateOf(row) },
      ];
  if (role === 'given') {
    columns.push({
      title: EntrustTexts.actions,
      key: 'actions',
      width: isMobile ? 90 : 170,
      render: (_, row) => (
        <Flex wrap vertical={isMobile} gap={4} align="flex-start">
          {row.abilities.edit && (
            <Button size="small" type="link" onClick={() => onEdit(row)}>
              {EntrustTexts.modify}
            </Button>
          )}
          {row.abilities.end && (
            <Popconfirm title={EntrustTexts.endConfirm} onConfirm={() => handleEnd(row.id)} overlayStyle={{ maxWidth: 320 }}>
              <Button size="small" type="link" danger>
                {EntrustTexts.end}
              </Button>
            </Popconfirm>
          )}
          {row.abilities.delete && (
            <Popconfirm title={EntrustTexts.deleteConfirm} onConfirm={() => handleDelete(row.id)}>
              <Button size="small" type="link" danger>
                {EntrustTexts.delete}
              </Button>
            </Popconfirm>
          )}
          {!row.abilities.edit && !row.abilities.end && !row.abilities.delete && <Typography.Text type="secondary">—</Typography.Text>}
        </Flex>
      ),
    });
  }

  const isLoading = entrusts.isFetching && !entrusts.data;
  const listed = listState({
    isLoading,
    error: entrusts.error,
    hasRows: entrusts.data !== undefined,
    onRetry: () => void entrusts.refetch(),
    empty: role === 'given' ? EntrustTexts.emptyGiven : EntrustTexts.emptyReceived,
  });
  return (
    <>
      {listed.above}
      <Table<EntrustView>
        className="entrust-table"
        rowKey="id"
        columns={columns}
        dataSource={entrusts.data ?? []}
        loading={isLoading}
        size={isMobile ? 'small' : 'middle'}
        scroll={isMobile ? undefined : { x: 760 }}
        locale={{ emptyText: listed.emptyText }}
        pagination={false}
      />
    </>
  );
}
