import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Drawer, Empty, Flex, Row, Select, Skeleton, Tooltip } from 'antd';
import { TemplateAdminTexts, type TemplateGroup } from '@osp/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAdminTemplateGroups, useAdminTemplates, useHasIptvAccess } from '../../../api/templates';
import { useIsMobile } from '../../../utils/useIsMobile';
import { queryListState } from '../../../components/LoadFailed';
import { OperationLogButton } from '../../../components/OperationLogDrawer';
import { designPath } from '../design/design-path';
import { GroupDialog } from './GroupDialog';
import { GroupPanel } from './GroupPanel';
import { MoveDialog } from './MoveDialog';
import { inAdminOrder, nextGroupSort } from './order';
import { TemplateCreateDialog } from './TemplateCreateDialog';
import { TemplateList } from './TemplateList';
import { useTemplateActions } from './useTemplateActions';
import './templates-admin.css';

const ALL = 'all';

/** /office/templates (模板管理): template groups on the left, the chosen group's templates on the right. */
export default function TemplatesPage() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const hasIptv = useHasIptvAccess();
  const groupsQuery = useAdminTemplateGroups();
  const templatesQuery = useAdminTemplates();
  const groupsListed = queryListState(
    groupsQuery,
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TemplateAdminTexts.noGroups} />,
  );
  // TemplateList says 暂无模板 itself when the list was read and is empty.
  const templatesListed = queryListState(templatesQuery, null);

  const [chosenGroupId, setChosenGroupId] = useState<number | null>(null);
  const [dialogGroup, setDialogGroup] = useState<TemplateGroup | 'new' | null>(null);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [isGroupDrawerOpen, setIsGroupDrawerOpen] = useState(false);
  const actions = useTemplateActions({ onGroupDeleted: (id) => setChosenGroupId((chosen) => (chosen === id ? null : chosen)) });

  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const templates = useMemo(() => inAdminOrder(templatesQuery.data ?? [], groups), [templatesQuery.data, groups]);
  const counts = useMemo(() => {
    const byGroup = new Map<number, number>(groups.map((group) => [group.id, 0]));
    for (const template of templates) byGroup.set(template.group_id, (byGroup.get(template.group_id) ?? 0) + 1);
    return byGroup;
  }, [groups, templates]);
  // A group deleted meanwhile (here or elsewhere) falls back to 全部.
  const selectedGroup = groups.find((group) => group.id === chosenGroupId) ?? null;
  const shown = selectedGroup ? templates.filter((template) => template.group_id === selectedGroup.id) : templates;

  const groupPanel = (
    <GroupPanel
      groups={groups}
      isLoading={groupsListed.isLoading}
      empty={groupsListed.emptyText}
      failedAbove={groupsListed.above}
      counts={counts}
      selectedId={selectedGroup?.id ?? null}
      onSelect={(id) => {
        setChosenGroupId(id);
        setIsGroupDrawerOpen(false);
      }}
      onReorder={actions.reorderGroups}
      onNew={() => setDialogGroup('new')}
      onRename={setDialogGroup}
      onDelete={actions.removeGroup}
    />
  );

  const newTemplateButton = (
    <Tooltip title={groups.length === 0 ? TemplateAdminTexts.noGroups : undefined}>
      <Button type="primary" icon={<PlusOutlined />} disabled={groups.length === 0} onClick={() => setIsCreateOpen(true)}>
        {TemplateAdminTexts.newTemplate}
      </Button>
    </Tooltip>
  );

  const list = templatesListed.isLoading ? (
    <Skeleton active paragraph={{ rows: 6 }} />
  ) : templatesQuery.data === undefined ? (
    templatesListed.emptyText
  ) : (
    <>
      {templatesListed.above}
      <p className="templates-admin__hint">{selectedGroup ? TemplateAdminTexts.dragHint : TemplateAdminTexts.allDragHint}</p>
      <TemplateList
        templates={shown}
        isSortable={selectedGroup !== null}
        isGroupShown={selectedGroup === null}
        isMobile={isMobile}
        togglingId={actions.togglingId}
        onReorder={actions.reorderTemplates}
        onToggle={actions.toggle}
        onAction={actions.act}
      />
    </>
  );

  return (
    <div className="templates-admin">
      <div className="templates-admin__header">
        <div>
          <h2 className="templates-admin__title">{TemplateAdminTexts.title}</h2>
          <p className="templates-admin__description">{TemplateAdminTexts.description}</p>
        </div>
        <Flex wrap gap={8}>
          {newTemplateButton}
          <OperationLogButton itemType="template" />
        </Flex>
      </div>
      {isMobile ? (
        <>
          <Flex gap={8} className="templates-admin__group-bar">
            <Select
              className="templates-admin__group-select"
              aria-label={TemplateAdminTexts.groups}
              value={selectedGroup?.id ?? ALL}
              loading={groupsQuery.isPending}
              onChange={(value: number | typeof ALL) => setChosenGroupId(value === ALL ? null : value)}
              options={[
                { value: ALL, label: `${TemplateAdminTexts.allGroups}（${templates.length}）` },
                ...groups.map((group) => ({ value: group.id, label: `${group.name}（${counts.get(group.id) ?? 0}）` })),
              ]}
            />
            <Button icon={<AppstoreOutlined />} onClick={() => setIsGroupDrawerOpen(true)}>
              {TemplateAdminTexts.manageGroups}
            </Button>
          </Flex>
          <Card size="small">{list}</Card>
          <Drawer
            title={TemplateAdminTexts.manageGroups}
            placement="bottom"
            size="75%"
            open={isGroupDrawerOpen}
            onClose={() => setIsGroupDrawerOpen(false)}
          >
            {groupPanel}
          </Drawer>
        </>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={7} xxl={6}>
            <Card size="small">{groupPanel}</Card>
          </Col>
          <Col xs={24} lg={17} xxl={18}>
            <Card size="small" title={selectedGroup?.name ?? TemplateAdminTexts.allGroups}>
              {list}
            </Card>
          </Col>
        </Row>
      )}
      <GroupDialog
        group={dialogGroup}
        nextSort={nextGroupSort(groups)}
        onClose={() => setDialogGroup(null)}
        onSaved={(id) => {
          if (dialogGroup === 'new') setChosenGroupId(id);
          setDialogGroup(null);
        }}
      />
      <TemplateCreateDialog
        isOpen={isCreateOpen}
        groups={groups}
        groupId={selectedGroup?.id ?? null}
        hasIptv={hasIptv}
        onClose={() => setIsCreateOpen(false)}
        onCreated={(created) => {
          setIsCreateOpen(false);
          void navigate(designPath({ templateId: created.id, isIptv: created.is_iptv === 1 }));
        }}
      />
      <MoveDialog template={actions.movingTemplate} templates={templates} groups={groups} onClose={actions.closeMove} />
    </div>
  );
}
