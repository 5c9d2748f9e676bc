import { DeleteOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { editableFieldKeys, FlowDesignerTexts as T, type FlowNode, type FormSchema } from '@osp/shared';
import { createContext, useContext } from 'react';
import { AddButton } from './AddButton';
import {
  addBranch,
  addConditionBlock,
  addNode,
  allowedKinds,
  branchLabel,
  canMoveBlock,
  canMoveBranch,
  canRemoveBlock,
  moveBlock,
  moveBranch,
  removeBlock,
  removeBranch,
  sequences,
  type AddKind,
  type Block,
  type Branch,
  type ConditionBlock,
  type FlowTree,
  type Position,
  type TreePath,
} from './flow-model';
import { CardActionBar, NodeCard } from './NodeCard';
import { ruleText, type RuleNames } from './rule-model';
import { stepSummary } from './summary';

export interface CanvasMarks {
  nodes: ReadonlyMap<string, readonly string[]>;
  branches: ReadonlyMap<string, readonly string[]>;
}

interface CanvasProps {
  tree: FlowTree;
  schema: FormSchema;
  names: RuleNames;
  marks: CanvasMarks;
  /** The preview's path, highlighted; null when no preview runs. */
  path: TreePath | null;
  onEdit: (next: FlowTree) => void;
  onOpenNode: (nodeId: string) => void;
  onOpenBranch: (branchId: string) => void;
}

const CanvasContext = createContext<CanvasProps | null>(null);

function useCanvas(): CanvasProps {
  const value = useContext(CanvasContext);
  if (!value) throw new Error('FlowCanvas parts render inside FlowCanvas');
  return value;
}

const NO_MESSAGES: readonly string[] = [];

function nodeLines(node: FlowNode, names: RuleNames, schema: FormSchema): string[] {
  if (node.type === 'archive') return [T.archiveBody];
  const steps =
    node.steps.length === 0
      ? [T.noSteps]
      : node.steps.map((s, i) => (node.steps.length > 1 ? `${i + 1}. ${stepSummary(s, names)}` : stepSummary(s, names)));
  if (node.type !== 'change') return steps;
  const editable = editableFieldKeys(schema, node.fieldAccess).map((key) => schema.fields.find((f) => f.key === key)?.label ?? key);
  return [...steps, editable.length === 0 ? T.changeBody : T.changeEditable(editable)];
}

function AddPoint({ at, afterLabel }: { at: Position; afterLabel: string }) {
  const { tree, onEdit, onOpenNode } = useCanvas();
  const handleAdd = (kind: AddKind) => {
    if (kind === 'condition') {
      onEdit(addConditionBlock(tree, at));
      return;
    }
    const next = addNode(tree, at, kind);
    onEdit(next);
    // The new node sits where the "+" was: open it, as the administrator will set it up next.
    const added = sequences(next).find((seq) => seq.branchId === at.branchId)?.blocks[at.index];
    if (added?.kind === 'node' && (kind === 'approve' || kind === 'change')) onOpenNode(added.node.id);
  };
  return <AddButton afterLabel={afterLabel} allowed={allowedKinds(tree, at)} onAdd={handleAdd} />;
}

function NodeBlockView({ node }: { node: FlowNode }) {
  const { tree, schema, names, marks, path, onEdit, onOpenNode } = useCanvas();
  return (
    <NodeCard
      node={node}
      lines={nodeLines(node, names, schema)}
      messages={marks.nodes.get(node.id) ?? NO_MESSAGES}
      isOnPath={path ? path.nodeIds.has(node.id) : undefined}
      onOpen={() => onOpenNode(node.id)}
      actions={{
        onMoveUp: canMoveBlock(tree, node.id, -1) ? () => onEdit(moveBlock(tree, node.id, -1)) : undefined,
        onMoveDown: canMoveBlock(tree, node.id, 1) ? () => onEdit(moveBlock(tree, node.id, 1)) : undefined,
        onRemove: canRemoveBlock(tree, node.id) ? () => onEdit(removeBlock(tree, node.id)) : undefined,
        removeConfirm: T.removeNodeConfirm(node.name),
        removeBlockedReason: T.removeBlocked,
      }}
    />
  );
}

function BranchCard({ block, branch }: { block: ConditionBlock; branch: Branch }) {
  const { tree, schema, names, marks, path, onEdit, onOpenBranch } = useCanvas();
  const label = branchLabel(block, branch);
  const index = block.branches.indexOf(branch);
  const messages = marks.branches.get(branch.id) ?? NO_MESSAGES;
  const text = branch.isDefault ? T.defaultBranchText : ruleText(branch.rules, schema, names) || T.noConditions;
  const isOnPath = path ? path.branchIds.has(branch.id) : undefined;
  const classes = [
    'fd-branch-card',
    branch.isDefault ? 'fd-branch-card--default' : '',
    messages.length > 0 ? 'fd-branch-card--error' : '',
    isOnPath === true ? 'fd-branch-card--on-path' : isOnPath === false ? 'fd-branch-card--off-path' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-testid={`flow-branch-${branch.id}`}>
      <button type="button" className="fd-branch-card__main" onClick={() => onOpenBranch(branch.id)} aria-label={`编辑分支「${label}」`}>
        <span className="fd-branch-card__head">
          {messages.length > 0 && <ExclamationCircleFilled className="fd-node__error-icon" aria-label="有问题" />}
          <span className="fd-branch-card__label">{label}</span>
          <span className="fd-branch-card__priority">{T.priority(index)}</span>
        </span>
        <span className="fd-branch-card__rule">{text}</span>
      </button>
      {messages.length > 0 && (
        <ul className="fd-node__messages">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <CardActionBar
        label={label}
        vertical={false}
        actions={{
          onMoveUp: canMoveBranch(tree, branch.id, -1) ? () => onEdit(moveBranch(tree, branch.id, -1)) : undefined,
          onMoveDown: canMoveBranch(tree, branch.id, 1) ? () => onEdit(moveBranch(tree, branch.id, 1)) : undefined,
          onRemove: () => onEdit(removeBranch(tree, branch.id)),
          removeConfirm: T.removeBranchConfirm(label, block.branches.length === 1),
        }}
      />
    </div>
  );
}

function ConditionView({ block }: { block: ConditionBlock }) {
  const { tree, onEdit } = useCanvas();
  return (
    <div className="fd-cond" data-testid={`flow-condition-${block.id}`}>
      <div className="fd-cond__bar">
        <Button size="small" className="fd-cond__add" onClick={() => onEdit(addBranch(tree, block.id))}>
          {T.addBranch}
        </Button>
        <Popconfirm
          title={T.removeBlockConfirm}
          okText={T.remove}
          okButtonProps={{ danger: true }}
          onConfirm={() => onEdit(removeBlock(tree, block.id))}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${T.remove}${T.conditionBlock}`}
            title={`${T.remove}${T.conditionBlock}`}
          />
        </Popconfirm>
      </div>
      <div className="fd-cond__branches">
        {block.branches.map((branch) => (
          <div key={branch.id} className="fd-branch">
            <BranchCard block={block} branch={branch} />
            <Sequence branchId={branch.id} blocks={branch.blocks} headLabel={branchLabel(block, branch)} />
          </div>
        ))}
      </div>
    </div>
  );
}

function Sequence({ branchId, blocks, headLabel }: { branchId: string | null; blocks: readonly Block[]; headLabel: string }) {
  return (
    <>
      <AddPoint at={{ branchId, index: 0 }} afterLabel={headLabel} />
      {blocks.map((block, i) => (
        <div key={block.kind === 'node' ? block.node.id : block.id} className="fd-seq-item">
          {block.kind === 'node' ? <NodeBlockView node={block.node} /> : <ConditionView block={block} />}
          <AddPoint at={{ branchId, index: i + 1 }} afterLabel={block.kind === 'node' ? block.node.name : T.conditionBlock} />
        </div>
      ))}
    </>
  );
}

/** The DingTalk-style vertical canvas: 发起人, the blocks with a "+" between every two, branch columns, 流程结束. */
export function FlowCanvas(props: CanvasProps) {
  const { tree, marks, path } = props;
  return (
    <CanvasContext.Provider value={props}>
      <div className="fd-canvas">
        <div className="fd-canvas__inner">
          <NodeCard
            node={tree.start}
            lines={[T.initiatorBody]}
            messages={marks.nodes.get(tree.start.id) ?? NO_MESSAGES}
            isOnPath={path ? path.nodeIds.has(tree.start.id) : undefined}
          />
          <Sequence branchId={null} blocks={tree.blocks} headLabel={T.initiator} />
          <div
            className={`fd-end${path ? (path.nodeIds.has(tree.end.id) ? ' fd-end--on-path' : ' fd-end--off-path') : ''}${(marks.nodes.get(tree.end.id)?.length ?? 0) > 0 ? ' fd-end--error' : ''}`}
            data-testid={`flow-node-${tree.end.id}`}
          >
            <span className="fd-end__dot" aria-hidden />
            {T.end}
            {(marks.nodes.get(tree.end.id) ?? NO_MESSAGES).map((m) => (
              <div key={m} className="fd-end__message">
                {m}
              </div>
            ))}
          </div>
        </div>
      </div>
    </CanvasContext.Provider>
  );
}
