import { Alert, Typography } from 'antd';
import { FLOW_NODE_TYPE_LABELS, FlowDesignerMessages as M, FlowDesignerTexts as T, type FlowGraph, type FormSchema } from '@osp/shared';
import { ruleText, type RuleNames } from './rule-model';

interface ReadOnlyFlowProps {
  graph: FlowGraph;
  reason: string;
  schema: FormSchema;
  names: RuleNames;
}

/** A stored flow the builder cannot express: the reason, then its nodes and links as they are, untouched. */
export function ReadOnlyFlow({ graph, reason, schema, names }: ReadOnlyFlowProps) {
  const name = (id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;
  return (
    <div className="fd-readonly">
      <Alert type="warning" showIcon title={T.readOnlyTitle} description={`${reason}。${M.notEditable}`} />
      <Typography.Title level={5}>{T.readOnlyNodes}</Typography.Title>
      <ul className="fd-readonly__list">
        {graph.nodes.map((node) => (
          <li key={node.id} data-testid={`flow-node-${node.id}`}>
            {node.name}（{FLOW_NODE_TYPE_LABELS[node.type]}）{node.steps.length > 0 && `：${node.steps.map((s) => s.name).join('、')}`}
          </li>
        ))}
      </ul>
      <Typography.Title level={5}>{T.readOnlyLinks}</Typography.Title>
      <ul className="fd-readonly__list">
        {graph.links.map((link) => (
          <li key={link.id}>
            {name(link.from)} → {name(link.to)}
            {link.isDefault ? `（${T.readOnlyDefault}）` : `（${ruleText(link.rules, schema, names) || T.readOnlyAlways}）`}
          </li>
        ))}
      </ul>
    </div>
  );
}
