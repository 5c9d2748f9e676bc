import { AuditOutlined, BranchesOutlined, ContainerOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { FlowDesignerTexts as T } from '@osp/shared';
import type { ReactNode } from 'react';
import type { AddKind } from './flow-model';

const KIND_ITEMS: Record<AddKind, { label: string; icon: ReactNode }> = {
  approve: { label: T.approve, icon: <AuditOutlined className="fd-icon--approve" /> },
  archive: { label: T.archive, icon: <ContainerOutlined className="fd-icon--archive" /> },
  change: { label: T.change, icon: <SwapOutlined className="fd-icon--change" /> },
  condition: { label: T.condition, icon: <BranchesOutlined className="fd-icon--condition" /> },
};

interface AddButtonProps {
  /** The item this point follows, for the label 「在「X」之后添加」. */
  afterLabel: string;
  allowed: readonly AddKind[];
  onAdd: (kind: AddKind) => void;
}

/** The "+" on the line between two items: a menu of what may be added there (a condition block only after a node). */
export function AddButton({ afterLabel, allowed, onAdd }: AddButtonProps) {
  const items: MenuProps['items'] = allowed.map((kind) => ({ key: kind, label: KIND_ITEMS[kind].label, icon: KIND_ITEMS[kind].icon }));
  return (
    <div className="fd-link">
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAdd(key as AddKind) }} placement="bottom">
        <Button
          className="fd-link__add"
          shape="circle"
          size="small"
          type="primary"
          icon={<PlusOutlined />}
          data-testid="flow-add"
          aria-label={T.addAfter(afterLabel)}
        />
      </Dropdown>
    </div>
  );
}
