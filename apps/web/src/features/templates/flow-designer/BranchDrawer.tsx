import { Form, Switch, Typography } from 'antd';
import { FlowDesignerTexts as T, type FormSchema } from '@osp/shared';
import { EditorDrawer } from './EditorDrawer';
import { branchLabel, locateBranch, setDefaultBranch, updateBranchRules, type FlowTree } from './flow-model';
import { RuleEditor } from './RuleEditor';
import type { DesignerDirectory } from './useDesignerNames';

interface BranchDrawerProps {
  tree: FlowTree;
  branchId: string | null;
  schema: FormSchema;
  messages: readonly string[];
  lookups: DesignerDirectory;
  onEdit: (next: FlowTree) => void;
  onClose: () => void;
}

/** A branch's conditions, or its role as the default (其他情况). */
export function BranchDrawer({ tree, branchId, schema, messages, lookups, onEdit, onClose }: BranchDrawerProps) {
  const found = branchId === null ? undefined : locateBranch(tree, branchId);
  const label = found ? branchLabel(found.block, found.branch) : '';
  return (
    <EditorDrawer
      isOpen={found !== undefined}
      onClose={onClose}
      title={T.branchDrawer(label)}
      width={560}
      messages={messages}
      messageType="warning"
    >
      {found && (
        <>
          <Form.Item label={T.isDefault} htmlFor="fd-branch-default" extra={T.defaultHint}>
            <Switch
              id="fd-branch-default"
              checked={found.branch.isDefault}
              onChange={(checked) => onEdit(setDefaultBranch(tree, found.branch.id, checked))}
            />
          </Form.Item>
          {found.branch.isDefault ? (
            <Typography.Paragraph type="secondary">{T.defaultBranchText}</Typography.Paragraph>
          ) : (
            <RuleEditor
              rules={found.branch.rules}
              schema={schema}
              lookups={lookups}
              onChange={(rules) => onEdit(updateBranchRules(tree, found.branch.id, rules))}
            />
          )}
        </>
      )}
    </EditorDrawer>
  );
}
