import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  EllipsisOutlined,
  FolderOutlined,
  FormOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Empty, Switch, Tag, Tooltip, type MenuProps } from 'antd';
import { TemplateAdminTexts, type TemplateSummary } from '@osp/shared';
import type { ReactNode } from 'react';
import { MenuIcon } from '../../../components/MenuIcon';
import { shift } from './order';
import { SortableList } from '../../../components/SortableList';

export type TemplateAction = 'design' | 'copy' | 'move' | 'delete';

interface TemplateListProps {
  templates: readonly TemplateSummary[];
  /** Reordering works within one group; the 全部 view only lists. */
  isSortable: boolean;
  /** Each row names its group (the 全部 view). */
  isGroupShown: boolean;
  isMobile: boolean;
  /** The template whose switch is being saved. */
  togglingId: number | null;
  onReorder: (ids: number[]) => void;
  onToggle: (template: TemplateSummary, isEnabled: boolean) => void;
  onAction: (template: TemplateSummary, action: TemplateAction) => void;
}

/** The templates of a group: icon, name, description, IPTV, version, on/off, and what to do with each. */
export function TemplateList({
  templates,
  isSortable,
  isGroupShown,
  isMobile,
  togglingId,
  onReorder,
  onToggle,
  onAction,
}: TemplateListProps) {
  const ids = templates.map((template) => template.id);
  if (templates.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TemplateAdminTexts.noTemplates} />;

  const menuOf = (template: TemplateSummary, index: number): MenuProps => ({
    items: [
      ...(isMobile ? [{ key: 'copy', icon: <CopyOutlined />, label: TemplateAdminTexts.copy }] : []),
      { key: 'move', icon: <FolderOutlined />, label: TemplateAdminTexts.moveToGroup },
      ...(isSortable
        ? [
            { key: 'up', icon: <ArrowUpOutlined />, label: TemplateAdminTexts.moveUp, disabled: index === 0 },
            { key: 'down', icon: <ArrowDownOutlined />, label: TemplateAdminTexts.moveDown, disabled: index === templates.length - 1 },
          ]
        : []),
      { type: 'divider' as const },
      { key: 'delete', icon: <DeleteOutlined />, danger: true, label: TemplateAdminTexts.remove },
    ],
    onClick: ({ key }) => {
      if (key === 'up' || key === 'down') {
        const next = shift(ids, template.id, key === 'up' ? -1 : 1);
        if (next) onReorder(next);
      } else if (key === 'copy' || key === 'move' || key === 'delete') onAction(template, key);
    },
  });

  const renderRow = (template: TemplateSummary, handle: ReactNode, index: number) => (
    <div className={template.status === 1 ? 'template-row' : 'template-row template-row--off'}>
      {handle}
      <span className="template-row__icon" aria-hidden>
        <MenuIcon name={template.icon} />
      </span>
      <div className="template-row__body">
        <div className="template-row__title">
          <span className="template-row__name">{template.name}</span>
          {template.is_iptv === 1 && <Tag color="purple">{TemplateAdminTexts.iptvTag}</Tag>}
          {isGroupShown && <Tag>{template.group_name}</Tag>}
        </div>
        {template.description && <div className="template-row__description">{template.description}</div>}
      </div>
      <div className="template-row__meta">
        <Tag color={template.version_no > 0 ? 'blue' : 'default'}>{TemplateAdminTexts.version(template.version_no)}</Tag>
        <Switch
          size="small"
          checked={template.status === 1}
          loading={togglingId === template.id}
          checkedChildren={TemplateAdminTexts.enabled}
          unCheckedChildren={TemplateAdminTexts.disabled}
          aria-label={TemplateAdminTexts.toggleLabel(template.name)}
          onChange={(checked) => onToggle(template, checked)}
        />
      </div>
      <div className="template-row__actions">
        <Button size="small" type="primary" ghost icon={<FormOutlined />} onClick={() => onAction(template, 'design')}>
          {TemplateAdminTexts.design}
        </Button>
        {!isMobile && (
          <Tooltip title={TemplateAdminTexts.copy}>
            <Button size="small" icon={<CopyOutlined />} aria-label={TemplateAdminTexts.copy} onClick={() => onAction(template, 'copy')} />
          </Tooltip>
        )}
        <Dropdown menu={menuOf(template, index)} trigger={['click']}>
          <Button size="small" icon={<EllipsisOutlined />} aria-label={TemplateAdminTexts.more} />
        </Dropdown>
      </div>
    </div>
  );

  return (
    <SortableList
      items={templates}
      label={TemplateAdminTexts.title}
      nameOf={(template) => template.name}
      isDisabled={!isSortable}
      onReorder={onReorder}
      renderItem={renderRow}
      className="template-list"
    />
  );
}
