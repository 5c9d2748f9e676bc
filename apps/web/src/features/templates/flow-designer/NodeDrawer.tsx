import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { FlowDesignerTexts as T, type FormSchema } from '@osp/shared';
import { FieldAccessEditor } from './FieldAccessEditor';
import { EditorDrawer } from './EditorDrawer';
import { addStep, findNode, moveStep, removeStep, updateNode, updateStep, type FlowTree } from './flow-model';
import { StepEditor } from './StepEditor';
import type { DesignerDirectory } from './useDesignerNames';

interface NodeDrawerProps {
  tree: FlowTree;
  nodeId: string | null;
  messages: readonly string[];
  lookups: DesignerDirectory;
  /** The template's form: a change node's field permissions are set per field. */
  schema: FormSchema;
  onEdit: (next: FlowTree) => void;
  onClose: () => void;
}

/** Edits a node in place: every change goes straight into the flow (and its checks), as in DingTalk. */
export function NodeDrawer({ tree, nodeId, messages, lookups, schema, onEdit, onClose }: NodeDrawerProps) {
  const node = nodeId === null ? undefined : findNode(tree, nodeId);
  const isOpen = node !== undefined && node.type !== 'start' && node.type !== 'end';
  return (
    <EditorDrawer
      isOpen={isOpen}
      onClose={onClose}
      title={node ? T.nodeDrawer(node.name) : ''}
      width={480}
      messages={messages}
      messageType="error"
    >
      {node && (
        <>
          <Form.Item label={T.nodeName} htmlFor="fd-node-name" required>
            <Input
              id="fd-node-name"
              maxLength={50}
              value={node.name}
              onChange={(e) => onEdit(updateNode(tree, node.id, { name: e.target.value }))}
            />
          </Form.Item>
          {node.type === 'approve' || node.type === 'change' ? (
            <>
              <Typography.Title level={5}>{node.type === 'change' ? T.changeSteps : T.steps}</Typography.Title>
              {node.steps.map((step, i) => (
                <StepEditor
                  key={step.id}
                  step={step}
                  index={i}
                  count={node.steps.length}
                  lookups={lookups}
                  onChange={(patch) => onEdit(updateStep(tree, node.id, step.id, patch))}
                  onMove={(direction) => onEdit(moveStep(tree, node.id, step.id, direction))}
                  onRemove={() => onEdit(removeStep(tree, node.id, step.id))}
                />
              ))}
              <Button block type="dashed" icon={<PlusOutlined />} onClick={() => onEdit(addStep(tree, node.id))}>
                {T.addStep}
              </Button>
              {node.type === 'change' && (
                <FieldAccessEditor
                  schema={schema}
                  access={node.fieldAccess ?? {}}
                  onChange={(fieldAccess) => onEdit(updateNode(tree, node.id, { fieldAccess }))}
                />
              )}
            </>
          ) : (
            <Typography.Paragraph type="secondary">{T.nodeIsAuto}</Typography.Paragraph>
          )}
        </>
      )}
    </EditorDrawer>
  );
}
