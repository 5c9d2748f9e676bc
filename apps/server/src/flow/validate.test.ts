import { FlowMessages, type FlowGraph } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { approve, link, linearFlow, node, settings, step } from '../../test/flow-fixtures';
import { validateFlow } from './validate';

const fields = ['amount', 'type'];
const good = (): FlowGraph => {
  const { nodes, links } = linearFlow([approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'joinsign', [3, 4]))]);
  return { nodes, links, settings: settings() };
};

describe('validateFlow', () => {
  it('accepts a good flow', () => {
    expect(validateFlow(good(), fields)).toEqual([]);
  });

  it('needs one start', () => {
    const g = good();
    expect(validateFlow({ ...g, nodes: g.nodes.filter((n) => n.type !== 'start'), links: g.links.slice(1) }, fields)).toContainEqual({
      nodeId: null,
      message: FlowMessages.noStart,
    });
    const two = { ...g, nodes: [...g.nodes, { ...node('s2', 'start'), name: '开始2' }], links: [...g.links, link('s2', 'n1')] };
    expect(validateFlow(two, fields)).toEqual([{ nodeId: 's2', message: FlowMessages.multipleStart('开始2') }]);
  });

  it('needs an end', () => {
    const g = good();
    const issues = validateFlow({ ...g, nodes: g.nodes.filter((n) => n.type !== 'end'), links: g.links.slice(0, -1) }, fields);
    expect(issues).toContainEqual({ nodeId: null, message: FlowMessages.noEnd });
  });

  it('names a node that cannot be reached from the start', () => {
    const g = good();
    g.nodes.push(approve('lost', step('x', 'orsign', [5])));
    g.links.push(link('lost', 'end'));
    expect(validateFlow(g, fields)).toEqual([{ nodeId: 'lost', message: FlowMessages.unreachable('节点lost') }]);
  });

  it('names a node from which no end can be reached', () => {
    const g = good();
    g.nodes.push(approve('stuck', step('x', 'orsign', [5])));
    g.links.push(link('n1', 'stuck', { priority: 1 }));
    expect(validateFlow(g, fields)).toEqual([{ nodeId: 'stuck', message: FlowMessages.deadEnd('节点stuck') }]);
  });

  it('names a node on a cycle', () => {
    const g = good();
    g.links.push(link('n2', 'n1', { priority: 1 }));
    expect(validateFlow(g, fields)).toEqual([{ nodeId: 'n1', message: FlowMessages.cycle('节点n1') }]);
  });

  it('needs a step on every approve node and none on other nodes', () => {
    const g = good();
    g.nodes = g.nodes.map((n) => (n.id === 'n2' ? { ...n, steps: [] } : n.id === 'end' ? { ...n, steps: [step('z', 'orsign', [1])] } : n));
    expect(validateFlow(g, fields)).toEqual([
      { nodeId: 'n2', message: FlowMessages.noSteps('节点n2') },
      { nodeId: 'end', message: FlowMessages.stepsNotAllowed('结束') },
    ]);
  });

  it('names the node whose rules use a field the form does not have', () => {
    const g = good();
    g.links[1] = link('n1', 'n2', {
      rules: {
        logic: 'or',
        rules: [
          { on: 'field', field: 'amount', op: 'gt', value: 1 },
          { logic: 'and', rules: [{ on: 'field', field: 'cost', op: 'gt', value: 1 }] },
        ],
      },
    });
    expect(validateFlow(g, fields)).toEqual([{ nodeId: 'n1', message: FlowMessages.unknownField('节点n1', 'cost') }]);
  });

  it('checks links, defaults, duplicate ids, start and end edges, empty user lists', () => {
    const g = good();
    g.links.push(
      link('n1', 'ghost'),
      link('n2', 'start'),
      link('end', 'n1'),
      link('n1', 'end', { isDefault: true }),
      link('n1', 'n2', { isDefault: true }),
    );
    g.nodes.push({ ...approve('n1', step('q', 'orsign', [])) });
    const issues = validateFlow(g, fields);
    expect(issues).toEqual(
      expect.arrayContaining([
        { nodeId: 'n1', message: FlowMessages.duplicateNode('n1') },
        { nodeId: 'n1', message: FlowMessages.danglingLink('节点n1') },
        { nodeId: 'start', message: FlowMessages.startHasIncoming('开始') },
        { nodeId: 'end', message: FlowMessages.endHasOutgoing('结束') },
        { nodeId: 'n1', message: FlowMessages.multipleDefault('节点n1') },
      ]),
    );
    const emptyUsers = good();
    emptyUsers.nodes[1] = approve('n1', step('a', 'orsign', []));
    expect(validateFlow(emptyUsers, fields)).toEqual([{ nodeId: 'n1', message: FlowMessages.emptyUsers('节点n1', '步骤a') }]);
  });
});
