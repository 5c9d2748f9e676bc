import { EyeOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { FlowDesignerTexts as T, type FlowGraph, type FormSchema } from '@osp/shared';
import { useEffect, useEffectEvent, useMemo, useState, type JSX } from 'react';
import { BranchDrawer } from './BranchDrawer';
import { FlowCanvas, type CanvasMarks } from './FlowCanvas';
import { designerIssues } from './flow-check';
import { defaultTree, findNode, fromGraph, toGraph, updateSettings, type FlowTree, type FromGraphResult } from './flow-model';
import { NodeDrawer } from './NodeDrawer';
import { PreviewDrawer } from './PreviewDrawer';
import { ReadOnlyFlow } from './ReadOnlyFlow';
import { SettingsDrawer } from './SettingsDrawer';
import { useDesignerDirectory } from './useDesignerNames';
import { usePreview } from './usePreview';
import './flow-designer.css';

export interface FlowDesignerProps {
  /** null: a template without a flow yet → the designer starts from start → 直属主管审批 (leader 1) → end. */
  value: FlowGraph | null;
  onChange: (next: FlowGraph) => void;
  /** The form as currently designed (rule builder fields; preview inputs). */
  schema: FormSchema;
  /** The API's 422 errors: 'flow' (whole flow) and 'flow.<nodeId>' keys; the node is highlighted with its messages. */
  errors?: Record<string, string[]>;
}

type Selection = { kind: 'node'; id: string } | { kind: 'branch'; id: string } | { kind: 'settings' } | null;

function derive(value: FlowGraph | null): FromGraphResult {
  return value === null ? { ok: true, tree: defaultTree() } : fromGraph(value);
}

const NO_MESSAGES: readonly string[] = [];

function merged(base: ReadonlyMap<string, readonly string[]>, extra: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const map of [base, extra]) for (const [key, list] of map) out.set(key, [...new Set([...(out.get(key) ?? []), ...list])]);
  return out;
}

/**
 * The flow designer (DingTalk-style vertical builder). It keeps the builder tree of `value`; every edit
 * compiles the tree to a graph and hands it to `onChange`. A `value` that is not the graph it last
 * handed out (a reload, the server's saved copy) is decompiled afresh.
 */
export function FlowDesigner({ value, onChange, schema, errors }: FlowDesignerProps): JSX.Element {
  const [state, setState] = useState(() => ({ basis: value, result: derive(value) }));
  let current = state;
  if (value !== state.basis) {
    current = { basis: value, result: derive(value) };
    setState(current);
  }
  const [selection, setSelection] = useState<Selection>(null);
  const lookups = useDesignerDirectory();
  const fallbackTree = useMemo(() => defaultTree(), []);
  const tree: FlowTree = current.result.ok ? current.result.tree : fallbackTree;

  // A template without a flow shows the default one; handing it out at once makes 保存/发布 save what is shown.
  const emitDefault = useEffectEvent(() => onChange(toGraph(tree)));
  useEffect(() => {
    if (value === null) emitDefault();
  }, [value]);

  const handleEdit = (next: FlowTree) => {
    const graph = toGraph(next);
    setState({ basis: graph, result: { ok: true, tree: next } });
    onChange(graph);
  };

  const issues = useMemo(() => designerIssues(tree, schema), [tree, schema]);
  const preview = usePreview(tree, schema, lookups, issues.flow.length > 0 || issues.nodes.size > 0 || issues.blocking.size > 0);
  const { marks, flowMessages } = useMemo(() => {
    const serverNodes = new Map<string, string[]>();
    const serverFlow: string[] = [];
    for (const [key, messages] of Object.entries(errors ?? {})) {
      const nodeId = key.startsWith('flow.') ? key.slice('flow.'.length) : null;
      if (nodeId !== null && findNode(tree, nodeId)) serverNodes.set(nodeId, messages);
      else if (key === 'flow' || key.startsWith('flow.')) serverFlow.push(...messages);
    }
    const canvasMarks: CanvasMarks = { nodes: merged(issues.nodes, serverNodes), branches: issues.branches };
    return { marks: canvasMarks, flowMessages: [...new Set([...issues.flow, ...serverFlow])] };
  }, [errors, issues, tree]);

  if (!current.result.ok) {
    return (
      <div className="fd">
        <ReadOnlyFlow graph={value ?? toGraph(fallbackTree)} reason={current.result.reason} schema={schema} names={lookups.names} />
        <Popconfirm
          title={T.redesignConfirm}
          onConfirm={() => handleEdit({ ...fallbackTree, settings: value?.settings ?? fallbackTree.settings })}
        >
          <Button className="fd-readonly__redesign">{T.redesign}</Button>
        </Popconfirm>
      </div>
    );
  }

  return (
    <div className="fd">
      <div className="fd-toolbar">
        <Space wrap>
          <Button icon={<SettingOutlined />} onClick={() => setSelection({ kind: 'settings' })}>
            {T.settings}
          </Button>
          <Button icon={<EyeOutlined />} onClick={preview.open}>
            {T.preview}
          </Button>
        </Space>
      </div>
      {flowMessages.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="fd-flow-alert"
          title={T.flowErrors}
          description={
            <ul className="fd-alert-list">
              {flowMessages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      )}
      <FlowCanvas
        tree={tree}
        schema={schema}
        names={lookups.names}
        marks={marks}
        path={preview.path}
        onEdit={handleEdit}
        onOpenNode={(id) => setSelection({ kind: 'node', id })}
        onOpenBranch={(id) => setSelection({ kind: 'branch', id })}
      />
      <NodeDrawer
        tree={tree}
        nodeId={selection?.kind === 'node' ? selection.id : null}
        messages={selection?.kind === 'node' ? (marks.nodes.get(selection.id) ?? NO_MESSAGES) : NO_MESSAGES}
        lookups={lookups}
        schema={schema}
        onEdit={handleEdit}
        onClose={() => setSelection(null)}
      />
      <BranchDrawer
        tree={tree}
        branchId={selection?.kind === 'branch' ? selection.id : null}
        schema={schema}
        messages={selection?.kind === 'branch' ? (marks.branches.get(selection.id) ?? NO_MESSAGES) : NO_MESSAGES}
        lookups={lookups}
        onEdit={handleEdit}
        onClose={() => setSelection(null)}
      />
      <SettingsDrawer
        open={selection?.kind === 'settings'}
        settings={tree.settings}
        onChange={(patch) => handleEdit(updateSettings(tree, patch))}
        onClose={() => setSelection(null)}
      />
      <PreviewDrawer tree={tree} schema={schema} lookups={lookups} preview={preview} />
    </div>
  );
}
