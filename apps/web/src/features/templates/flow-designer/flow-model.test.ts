import {
  computeRoute,
  FormSchemaZ,
  ruleFieldKeys,
  validateFlow,
  type FlowGraph,
  type FlowLink,
  type FormSchemaInput,
  type HandlerSource,
  type RuleGroup,
  type Dept,
  type RuleInput,
  type StepType,
} from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { checkFlow, designerIssues } from './flow-check';
import {
  addBranch,
  addConditionBlock,
  addNode,
  addStep,
  allowedKinds,
  canMoveBlock,
  canRemoveBlock,
  defaultTree,
  fromGraph,
  insertionPoints,
  locateBlock,
  moveBlock,
  moveBranch,
  moveStep,
  pathInTree,
  previewRuleInput,
  removeBlock,
  removeBranch,
  removeStep,
  setDefaultBranch,
  toGraph,
  updateBranchRules,
  updateNode,
  updateStep,
  type Block,
  type ConditionBlock,
  type FlowTree,
} from './flow-model';
import {
  addGroup,
  addRule,
  conditionsOf,
  isConditionComplete,
  newCondition,
  operatorLabel,
  operatorsFor,
  removeRule,
  ruleSubjects,
  ruleText,
  setLogic,
  subjectOf,
  updateRule,
  withOperator,
  type RuleNames,
} from './rule-model';

// ---------- fixtures: the demo templates' flows (apps/server/src/seed/demo-approval.ts) ----------

const leader: HandlerSource = { kind: 'leader', levels: 1 };
const always: RuleGroup = { logic: 'and', rules: [] };

interface NodeSpec {
  id: string;
  name: string;
  type?: 'approve' | 'archive';
  steps?: { name: string; type: StepType; source: HandlerSource }[];
}
type LinkSpec = [from: string, to: string, rules?: RuleGroup];

/** As the seed builds them: server-style numeric link ids, rules at priority 0, the plain sibling the default at 10. */
function graph(nodes: NodeSpec[], links: LinkSpec[]): FlowGraph {
  const conditional = new Set(links.filter(([, , rules]) => rules !== undefined).map(([from]) => from));
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', steps: [] },
      ...nodes.map((n) => ({
        id: n.id,
        type: n.type ?? ('approve' as const),
        name: n.name,
        steps: (n.steps ?? []).map((s, i) => ({ id: `${n.id}-${i + 1}`, ...s })),
      })),
      { id: 'end', type: 'end', name: '结束', steps: [] },
    ],
    links: links.map(([from, to, rules], i) => ({
      id: String(100 + i),
      from,
      to,
      priority: rules ? 0 : 10,
      isDefault: !rules && conditional.has(from),
      rules: rules ?? always,
    })),
    settings: { emptyHandler: 'skip', adminUserId: null, resubmit: 'restart', approverDedup: 'none', initiatorApproves: 'skip' },
  };
}

function chain(nodes: NodeSpec[]): FlowGraph {
  const ids = ['start', ...nodes.map((n) => n.id), 'end'];
  return graph(
    nodes,
    ids.slice(1).map((to, i): LinkSpec => [ids[i] ?? '', to]),
  );
}

const leaderNode: NodeSpec = { id: 'leader', name: '部门负责人审批', steps: [{ name: '部门负责人', type: 'orsign', source: leader }] };

const demoFlows: Record<string, FlowGraph> = {
  请假申请: graph(
    [
      leaderNode,
      { id: 'gm', name: '总经理审批', steps: [{ name: '总经理', type: 'orsign', source: { kind: 'users', userIds: [7] } }] },
      { id: 'hr', name: '人事备案', type: 'archive' },
    ],
    [
      ['start', 'leader'],
      ['leader', 'gm', { logic: 'and', rules: [{ on: 'field', field: 'days', op: 'gt', value: 3 }] }],
      ['leader', 'hr'],
      ['gm', 'hr'],
      ['hr', 'end'],
    ],
  ),
  费用报销: graph(
    [
      leaderNode,
      { id: 'finance', name: '财务审核', steps: [{ name: '财务审核', type: 'orsign', source: { kind: 'job', jobId: 1 } }] },
      { id: 'archive', name: '财务归档', type: 'archive' },
    ],
    [
      ['start', 'leader'],
      ['leader', 'finance', { logic: 'and', rules: [{ on: 'field', field: 'expense_items', op: 'gt', value: 5000 }] }],
      ['leader', 'archive'],
      ['finance', 'archive'],
      ['archive', 'end'],
    ],
  ),
  采购申请: chain([
    leaderNode,
    { id: 'review', name: '采购审批', steps: [{ name: '财务与总经理', type: 'ordersign', source: { kind: 'users', userIds: [3, 7] } }] },
  ]),
  用章申请: chain([
    leaderNode,
    { id: 'sign', name: '用章会签', steps: [{ name: '行政与财务', type: 'joinsign', source: { kind: 'users', userIds: [5, 3] } }] },
    { id: 'archive', name: '用印登记', type: 'archive' },
  ]),
  报修: chain([
    {
      id: 'ops',
      name: '运维处理',
      steps: [{ name: '运维值班', type: 'orsign', source: { kind: 'job', jobId: 3, onlyCoveringInitiatorDept: true } }],
    },
  ]),
  工单: chain([
    { id: 'handle', name: '处理', steps: [{ name: '处理人', type: 'orsign', source: { kind: 'chosen' } }] },
    { id: 'check', name: '验收', steps: [{ name: '发起人验收', type: 'check', source: { kind: 'initiator' } }] },
  ]),
  会议室预定: chain([{ id: 'admin', name: '行政确认', steps: [{ name: '行政服务', type: 'orsign', source: { kind: 'job', jobId: 2 } }] }]),
};

/** Every form field any fixture's rules name, so validateFlow's field check passes. */
const schema = FormSchemaZ.parse({
  fields: [
    { key: 'title', type: 'text', label: '标题' },
    { key: 'days', type: 'number', label: '请假天数' },
    { key: 'amount', type: 'money', label: '金额' },
    { key: 'kind', type: 'select', label: '类别', options: ['差旅费', '餐费', '其他'] },
    { key: 'tags', type: 'checkbox', label: '标签', options: ['加急', '保密'] },
    { key: 'on', type: 'date', label: '日期' },
    { key: 'owner', type: 'user', label: '负责人' },
    { key: 'period', type: 'daterange', label: '时间段' },
    {
      key: 'expense_items',
      type: 'items',
      label: '费用明细',
      columns: [
        { key: 'desc', type: 'text', label: '说明' },
        { key: 'amount', type: 'money', label: '金额' },
      ],
      totalOf: 'amount',
    },
    { key: 'note', type: 'description', label: '说明', content: '…' },
  ],
} satisfies FormSchemaInput);
const fieldKeys = ruleFieldKeys(schema);

/** What the engine acts on, without ids, priorities' values and node order: per node, its links in the order chooseLink tries them. */
function meaning(g: FlowGraph) {
  const sorted = (links: FlowLink[]) =>
    links
      .map((l, i) => ({ l, i }))
      .sort((a, b) => Number(a.l.isDefault) - Number(b.l.isDefault) || a.l.priority - b.l.priority || a.i - b.i)
      .map(({ l }) => ({ to: l.to, isDefault: l.isDefault, rules: l.rules }));
  return {
    nodes: [...g.nodes].sort((a, b) => a.id.localeCompare(b.id)),
    out: Object.fromEntries(g.nodes.map((n) => [n.id, sorted(g.links.filter((l) => l.from === n.id))])),
    settings: g.settings,
  };
}

function tree(g: FlowGraph): FlowTree {
  const result = fromGraph(g);
  if (!result.ok) throw new Error(result.reason);
  return result.tree;
}

function shape(blocks: readonly Block[]): unknown[] {
  return blocks.map((b) =>
    b.kind === 'node' ? b.node.id : { branches: b.branches.map((br) => [br.isDefault ? 'default' : br.id, shape(br.blocks)]) },
  );
}

function conditionAt(t: FlowTree, index: number): ConditionBlock {
  const block = t.blocks[index];
  if (block?.kind !== 'condition') throw new Error(`no condition block at ${index}`);
  return block;
}

const amountAtLeast = (value: string): RuleGroup => ({ logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gte', value }] });

function expectValid(t: FlowTree) {
  expect(validateFlow(toGraph(t), fieldKeys)).toEqual([]);
}

// ---------- graph ⇄ tree ----------

describe('fromGraph / toGraph', () => {
  it.each(Object.entries(demoFlows))('round-trips the demo flow 「%s」', (_name, g) => {
    const t = tree(g);
    const back = toGraph(t);
    expect(meaning(back)).toEqual(meaning(g));
    expect(validateFlow(back, fieldKeys)).toEqual([]);
    // Compiling is deterministic and a second round trip changes nothing, ids included.
    expect(toGraph(tree(back))).toEqual(back);
  });

  it('reads the leave flow as leader → condition (days > 3 → gm; default → nothing) → archive', () => {
    const t = tree(demoFlows['请假申请'] as FlowGraph);
    expect(shape(t.blocks)).toEqual([
      'leader',
      {
        branches: [
          ['101', ['gm']],
          ['default', []],
        ],
      },
      'hr',
    ]);
    const block = conditionAt(t, 1);
    expect(block.branches[0]?.rules).toEqual({ logic: 'and', rules: [{ on: 'field', field: 'days', op: 'gt', value: 3 }] });
  });

  it('keeps branch ids as link ids and numbers priorities by branch order, the default last', () => {
    const g = toGraph(tree(demoFlows['费用报销'] as FlowGraph));
    const out = g.links.filter((l) => l.from === 'leader');
    expect(out.map((l) => [l.id, l.to, l.priority, l.isDefault])).toEqual([
      ['101', 'finance', 0, false],
      ['102', 'archive', 1, true],
    ]);
    expect(g.links.find((l) => l.from === 'start')).toMatchObject({ id: 'start>leader', to: 'leader', priority: 0, isDefault: false });
    expect(g.nodes.map((n) => n.id)).toEqual(['start', 'leader', 'finance', 'archive', 'end']);
  });

  it('round-trips nested branches, a branch ending in a condition block and a condition block right after start', () => {
    const g: FlowGraph = {
      nodes: ['start', 'a', 'b', 'c', 'd', 'e', 'f', 'end'].map((id) => ({
        id,
        type: id === 'start' ? 'start' : id === 'end' ? 'end' : 'approve',
        name: id.toUpperCase(),
        steps: id === 'start' || id === 'end' ? [] : [{ id: `${id}-1`, name: '主管', type: 'orsign', source: leader }],
      })),
      links: [
        { id: 's1', from: 'start', to: 'a', priority: 0, isDefault: false, rules: amountAtLeast('100') },
        { id: 's2', from: 'start', to: 'f', priority: 1, isDefault: true, rules: always },
        { id: 'x1', from: 'a', to: 'b', priority: 5, isDefault: false, rules: amountAtLeast('10000') },
        { id: 'x2', from: 'a', to: 'e', priority: 6, isDefault: false, rules: amountAtLeast('5000') },
        { id: 'x3', from: 'a', to: 'f', priority: 7, isDefault: true, rules: always },
        // b's branches both end the outer branch: the inner block's continuation is f.
        {
          id: 'y1',
          from: 'b',
          to: 'c',
          priority: 0,
          isDefault: false,
          rules: { logic: 'and', rules: [{ on: 'dept', op: 'in', value: [3] }] },
        },
        { id: 'y2', from: 'b', to: 'd', priority: 1, isDefault: true, rules: always },
        { id: 'l1', from: 'c', to: 'f', priority: 0, isDefault: false, rules: always },
        { id: 'l2', from: 'd', to: 'f', priority: 0, isDefault: false, rules: always },
        { id: 'l3', from: 'e', to: 'f', priority: 0, isDefault: false, rules: always },
        { id: 'l4', from: 'f', to: 'end', priority: 0, isDefault: false, rules: always },
      ],
      settings: { emptyHandler: 'admin', adminUserId: 1, resubmit: 'resume', approverDedup: 'first', initiatorApproves: 'leader' },
    };
    const t = tree(g);
    expect(shape(t.blocks)).toEqual([
      {
        branches: [
          [
            's1',
            [
              'a',
              {
                branches: [
                  [
                    'x1',
                    [
                      'b',
                      {
                        branches: [
                          ['y1', ['c']],
                          ['default', ['d']],
                        ],
                      },
                    ],
                  ],
                  ['x2', ['e']],
                  ['default', []],
                ],
              },
            ],
          ],
          ['default', []],
        ],
      },
      'f',
    ]);
    const back = toGraph(t);
    expect(meaning(back)).toEqual(meaning(g));
    expect(validateFlow(back, fieldKeys)).toEqual([]);
    expect(toGraph(tree(back))).toEqual(back);
  });

  it('reads a link that skips into the middle of a sibling branch as a nested block (A → B and A → C → B)', () => {
    const g = graph(
      [
        { id: 'a', name: 'A', steps: [{ name: 'x', type: 'orsign', source: leader }] },
        { id: 'c', name: 'C', steps: [{ name: 'x', type: 'orsign', source: leader }] },
        { id: 'b', name: 'B', steps: [{ name: 'x', type: 'orsign', source: leader }] },
      ],
      [
        ['start', 'a'],
        ['a', 'c', amountAtLeast('1')],
        ['a', 'b'],
        ['c', 'b'],
        ['b', 'end'],
      ],
    );
    expect(shape(tree(g).blocks)).toEqual([
      'a',
      {
        branches: [
          ['101', ['c']],
          ['default', []],
        ],
      },
      'b',
    ]);
  });

  it('explains, instead of mangling, the graphs a builder cannot show', () => {
    const twoEnds = demoFlows['采购申请'] as FlowGraph;
    const manyEnds: FlowGraph = {
      ...twoEnds,
      nodes: [...twoEnds.nodes, { id: 'end2', type: 'end', name: '提前结束', steps: [] }],
      links: [...twoEnds.links, { id: 'z', from: 'leader', to: 'end2', priority: 0, isDefault: false, rules: amountAtLeast('1') }],
    };
    expect(fromGraph(manyEnds)).toEqual({ ok: false, reason: '流程有 2 个结束节点（结束、提前结束），设计器只能表示一个结束节点' });

    const crossing = graph(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ({
        id,
        name: id.toUpperCase(),
        steps: [{ name: 'x', type: 'orsign' as const, source: leader }],
      })),
      [
        ['start', 'x'],
        ['start', 'a', amountAtLeast('1')],
        ['start', 'b'],
        ['a', 'c', amountAtLeast('2')],
        ['a', 'd'],
        ['b', 'c'],
        ['c', 'e'],
        ['d', 'e'],
        ['e', 'end'],
      ].filter(([, to]) => to !== 'x') as LinkSpec[],
    );
    const result = fromGraph(crossing);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/分支交叉/);

    const cyclic = demoFlows['采购申请'] as FlowGraph;
    const back: FlowGraph = {
      ...cyclic,
      links: [...cyclic.links, { id: 'z', from: 'review', to: 'leader', priority: 0, isDefault: false, rules: amountAtLeast('1') }],
    };
    expect(fromGraph(back)).toEqual({ ok: false, reason: '节点「部门负责人审批」处的连线形成了循环，设计器不能表示回退的连线' });

    const orphan: FlowGraph = { ...cyclic, nodes: [...cyclic.nodes, { id: 'lost', type: 'archive', name: '孤立节点', steps: [] }] };
    expect(fromGraph(orphan)).toEqual({ ok: false, reason: '节点「孤立节点」无法从开始节点到达' });
  });

  it('starts a flow-less template at start → 直属主管审批 → end, which validates', () => {
    const g = toGraph(defaultTree());
    expect(g.nodes.map((n) => [n.id, n.type, n.name])).toEqual([
      ['start', 'start', '发起'],
      ['node1', 'approve', '直属主管审批'],
      ['end', 'end', '结束'],
    ]);
    expect(g.nodes[1]?.steps).toEqual([{ id: 'node1-1', name: '直属主管', type: 'orsign', source: { kind: 'leader', levels: 1 } }]);
    expect(g.links.map((l) => [l.from, l.to])).toEqual([
      ['start', 'node1'],
      ['node1', 'end'],
    ]);
    expect(validateFlow(g, [])).toEqual([]);
  });
});

// ---------- editing ----------

describe('editing the tree', () => {
  it('adds approve, archive and change nodes where the "+" is, with fresh ids and valid defaults', () => {
    let t = defaultTree();
    t = addNode(t, { branchId: null, index: 1 }, 'archive');
    t = addNode(t, { branchId: null, index: 0 }, 'approve');
    t = addNode(t, { branchId: null, index: 3 }, 'change');
    expect(shape(t.blocks)).toEqual(['node3', 'node1', 'node2', 'node4']);
    expect(locateBlock(t, 'node3')?.block).toMatchObject({
      node: { type: 'approve', name: '审批人', steps: [{ id: 'node3-1', type: 'orsign', source: leader }] },
    });
    expect(locateBlock(t, 'node2')?.block).toMatchObject({ node: { type: 'archive', name: '归档', steps: [] } });
    // A change node is someone's turn to edit: it starts with a 直属主管 step and no field editable yet.
    expect(locateBlock(t, 'node4')?.block).toMatchObject({
      node: { type: 'change', name: '变更', steps: [{ id: 'node4-1', type: 'orsign', source: leader }], fieldAccess: {} },
    });
    expectValid(t);
  });

  it('offers a condition block only right after a node (or start) and never before another condition block', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    const block = conditionAt(t, 1);
    expect(block.branches.map((b) => [b.id, b.isDefault, b.blocks.length])).toEqual([
      ['branch1', false, 0],
      ['branch2', true, 0],
    ]);
    expect(allowedKinds(t, { branchId: null, index: 0 })).toEqual(['approve', 'archive', 'change', 'condition']);
    // Between node1 and the block: a condition there would sit next to another one.
    expect(allowedKinds(t, { branchId: null, index: 1 })).toEqual(['approve', 'archive', 'change']);
    expect(allowedKinds(t, { branchId: null, index: 2 })).toEqual(['approve', 'archive', 'change']);
    expect(allowedKinds(t, { branchId: 'branch1', index: 0 })).toEqual(['approve', 'archive', 'change']);
    expect(addConditionBlock(t, { branchId: 'branch1', index: 0 })).toBe(t);
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    expect(allowedKinds(t, { branchId: 'branch1', index: 1 })).toEqual(['approve', 'archive', 'change', 'condition']);
    expect(insertionPoints(t).map((p) => [p.afterLabel, p.at.branchId, p.at.index, p.allowed.includes('condition')])).toEqual([
      ['发起人', null, 0, true],
      ['直属主管审批', null, 1, false],
      ['条件1', 'branch1', 0, false],
      ['审批人', 'branch1', 1, true],
      ['其他情况', 'branch2', 0, false],
      ['条件分支', null, 2, false],
    ]);
  });

  it('adds branches before the default, moves them by priority with the default kept last, and sets the default', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    const blockId = conditionAt(t, 1).id;
    t = addBranch(t, blockId);
    expect(conditionAt(t, 1).branches.map((b) => b.id)).toEqual(['branch1', 'branch3', 'branch2']);
    t = moveBranch(t, 'branch3', -1);
    expect(conditionAt(t, 1).branches.map((b) => b.id)).toEqual(['branch3', 'branch1', 'branch2']);
    expect(moveBranch(t, 'branch1', 1)).toBe(t);
    expect(moveBranch(t, 'branch2', -1)).toBe(t);
    expect(moveBranch(t, 'branch3', -1)).toBe(t);

    t = updateBranchRules(t, 'branch1', amountAtLeast('5000'));
    t = setDefaultBranch(t, 'branch1', true);
    const block = conditionAt(t, 1);
    expect(block.branches.map((b) => [b.id, b.isDefault])).toEqual([
      ['branch3', false],
      ['branch2', false],
      ['branch1', true],
    ]);
    // The engine never evaluates a default's rules, so they are dropped.
    expect(block.branches[2]?.rules).toEqual(always);
    t = setDefaultBranch(t, 'branch1', false);
    expect(conditionAt(t, 1).branches.every((b) => !b.isDefault)).toBe(true);

    const g = toGraph(t);
    expect(g.links.filter((l) => l.from === 'node1').map((l) => [l.id, l.priority])).toEqual([
      ['branch3', 0],
      ['branch2', 1],
      ['branch1', 2],
    ]);
  });

  it('removes branches with their nodes; the last one takes the block along', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    t = removeBranch(t, 'branch1');
    expect(shape(t.blocks)).toEqual(['node1', { branches: [['default', []]] }]);
    expectValid(t);
    t = removeBranch(t, 'branch2');
    expect(shape(t.blocks)).toEqual(['node1']);
    expectValid(t);
  });

  it('removes nodes and blocks unless a condition block would lose the node it follows', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    // At the top level start stands in, so node1 may go.
    expect(canRemoveBlock(t, 'node1')).toBe(true);
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    t = addConditionBlock(t, { branchId: 'branch1', index: 1 });
    const inner = locateBlock(t, 'cond2');
    expect(inner?.branchId).toBe('branch1');
    expect(canRemoveBlock(t, 'node2')).toBe(false);
    expect(removeBlock(t, 'node2')).toBe(t);
    t = removeBlock(t, 'cond2');
    expect(canRemoveBlock(t, 'node2')).toBe(true);
    t = removeBlock(t, 'node2');
    t = removeBlock(t, 'node1');
    expect(shape(t.blocks)).toEqual([
      {
        branches: [
          ['branch1', []],
          ['default', []],
        ],
      },
    ]);
    expectValid(t);
    t = removeBlock(t, 'cond1');
    expect(t.blocks).toEqual([]);
    expect(toGraph(t).links.map((l) => [l.from, l.to])).toEqual([['start', 'end']]);
  });

  it('moves blocks up and down within their sequence, refusing moves that strand a condition block', () => {
    let t = addNode(defaultTree(), { branchId: null, index: 1 }, 'archive');
    t = addConditionBlock(t, { branchId: null, index: 2 });
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    t = addNode(t, { branchId: 'branch1', index: 1 }, 'change');
    expect(shape(t.blocks)).toEqual([
      'node1',
      'node2',
      {
        branches: [
          ['branch1', ['node3', 'node4']],
          ['default', []],
        ],
      },
    ]);
    t = moveBlock(t, 'node1', 1);
    expect(shape(t.blocks).slice(0, 2)).toEqual(['node2', 'node1']);
    // The block moving up would sit after node2 — still a node: fine.
    t = moveBlock(t, 'cond1', -1);
    expect(shape(t.blocks)[1]).toMatchObject({ branches: expect.any(Array) as unknown });
    expect(canMoveBlock(t, 'cond1', -1)).toBe(true);
    t = moveBlock(t, 'cond1', -1);
    expect(shape(t.blocks)[0]).toMatchObject({ branches: expect.any(Array) as unknown });
    expect(canMoveBlock(t, 'cond1', -1)).toBe(false);
    // Inside a branch the first block must stay a node.
    t = addConditionBlock(t, { branchId: 'branch1', index: 1 });
    expect(canMoveBlock(t, 'node3', 1)).toBe(false);
    expect(moveBlock(t, 'node3', 1)).toBe(t);
    expect(canMoveBlock(t, 'cond2', -1)).toBe(false);
    expect(canMoveBlock(t, 'cond2', 1)).toBe(true);
    t = moveBlock(t, 'cond2', 1);
    expect(shape(conditionAt(t, 0).branches[0]?.blocks ?? [])).toEqual([
      'node3',
      'node4',
      {
        branches: [
          ['branch3', []],
          ['default', []],
        ],
      },
    ]);
    expectValid(t);
  });

  it('edits a node and its steps', () => {
    let t = updateNode(defaultTree(), 'node1', { name: '经理审批' });
    t = addStep(t, 'node1');
    t = updateStep(t, 'node1', 'node1-2', {
      name: '财务',
      type: 'group_all',
      source: { kind: 'job', jobId: 4, onlyCoveringInitiatorDept: true },
    });
    t = moveStep(t, 'node1', 'node1-2', -1);
    const node = () => {
      const block = locateBlock(t, 'node1')?.block;
      return block?.kind === 'node' ? block.node : undefined;
    };
    expect(node()?.name).toBe('经理审批');
    expect(node()?.steps.map((s) => [s.id, s.name, s.type])).toEqual([
      ['node1-2', '财务', 'group_all'],
      ['node1-1', '直属主管', 'orsign'],
    ]);
    t = removeStep(t, 'node1', 'node1-2');
    t = addStep(t, 'node1');
    expect(node()?.steps.map((s) => s.id)).toEqual(['node1-1', 'node1-2']);
    expectValid(t);
  });

  it('every edit sequence above compiles to a graph that decompiles to the same tree', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = updateBranchRules(t, 'branch1', amountAtLeast('5000'));
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    t = addConditionBlock(t, { branchId: 'branch1', index: 1 });
    t = updateBranchRules(t, 'branch3', { logic: 'or', rules: [{ on: 'dept', op: 'in', value: [2, 5] }] });
    t = addNode(t, { branchId: 'branch4', index: 0 }, 'archive');
    t = addNode(t, { branchId: null, index: 2 }, 'change');
    expectValid(t);
    const g = toGraph(t);
    expect(toGraph(tree(g))).toEqual(g);
  });
});

// ---------- rules ----------

const names: RuleNames = {
  user: (id) => ({ 1: '张三', 2: '李四' })[id] ?? `#${id}`,
  dept: (id) => ({ 3: '财务部', 4: '技术部' })[id] ?? `#${id}`,
  job: (id) => ({ 1: '财务审核' })[id] ?? `#${id}`,
};

describe('rule building', () => {
  it('offers the testable fields (items by their total) and the initiator, each with its operators', () => {
    const subjects = ruleSubjects(schema);
    expect(subjects.map((s) => [s.id, s.label, s.kind])).toEqual([
      ['field:title', '标题', 'text'],
      ['field:days', '请假天数', 'number'],
      ['field:amount', '金额', 'money'],
      ['field:kind', '类别', 'option'],
      ['field:tags', '标签', 'options'],
      ['field:on', '日期', 'date'],
      ['field:owner', '负责人', 'user'],
      ['field:expense_items', '费用明细合计', 'money'],
      ['dept', '发起人部门', 'dept'],
      ['job', '发起人岗位', 'job'],
    ]);
    expect(operatorsFor('money')).toEqual(['gt', 'gte', 'lt', 'lte', 'eq', 'ne']);
    expect(operatorsFor('number')).toEqual(['gt', 'gte', 'lt', 'lte', 'eq', 'ne']);
    expect(operatorsFor('option')).toEqual(['eq', 'ne', 'in']);
    expect(operatorsFor('options')).toEqual(['contains']);
    expect(operatorsFor('text')).toEqual(['eq', 'ne', 'contains']);
    expect(operatorsFor('date')).toEqual(['gt', 'gte', 'lt', 'lte', 'eq']);
    expect(operatorsFor('dept')).toEqual(['eq', 'ne', 'in']);
    expect(operatorsFor('job')).toEqual(['eq', 'ne', 'in']);
  });

  it('builds an and/or tree: add, update, sub-group, logic, remove', () => {
    const amount = ruleSubjects(schema).find((s) => s.id === 'field:amount');
    const deptSubject = ruleSubjects(schema).find((s) => s.id === 'dept');
    if (!amount || !deptSubject) throw new Error('subjects');

    let rules: RuleGroup = { logic: 'and', rules: [] };
    rules = addRule(rules, [], newCondition(amount));
    expect(rules.rules[0]).toEqual({ on: 'field', field: 'amount', op: 'gt', value: '' });
    rules = updateRule(rules, [0], { on: 'field', field: 'amount', op: 'gte', value: '5000' });
    rules = addRule(rules, [], withOperator(newCondition(deptSubject), 'dept', 'in'));
    rules = updateRule(rules, [1], { on: 'dept', op: 'in', value: [3] });
    expect(ruleText(rules, schema, names)).toBe('金额 ≥ 5000 且 发起人部门属于 财务部');

    rules = addGroup(rules, [], { on: 'field', field: 'kind', op: 'eq', value: '差旅费' });
    expect(rules.rules[2]).toEqual({ logic: 'or', rules: [{ on: 'field', field: 'kind', op: 'eq', value: '差旅费' }] });
    rules = addRule(rules, [2], { on: 'field', field: 'tags', op: 'contains', value: ['加急'] });
    expect(ruleText(rules, schema, names)).toBe('金额 ≥ 5000 且 发起人部门属于 财务部 且 （类别 为 差旅费 或 标签 包含 加急）');
    rules = setLogic(rules, [], 'or');
    expect(ruleText(rules, schema, names)).toBe('金额 ≥ 5000 或 发起人部门属于 财务部 或 （类别 为 差旅费 或 标签 包含 加急）');
    rules = removeRule(rules, [2, 0]);
    expect(rules.rules[2]).toEqual({ logic: 'or', rules: [{ on: 'field', field: 'tags', op: 'contains', value: ['加急'] }] });
    // A sub-group left empty goes too: an empty group would always match.
    rules = removeRule(rules, [2, 0]);
    expect(rules.rules).toHaveLength(2);
    rules = removeRule(rules, [0]);
    expect(conditionsOf(rules).map((c) => c.path)).toEqual([[0]]);
  });

  it('names the 发起人部门 operators as membership that takes in the departments below; other subjects keep theirs', () => {
    const subject = (id: string) => {
      const found = ruleSubjects(schema).find((s) => s.id === id);
      if (!found) throw new Error(id);
      return found;
    };
    expect(operatorsFor('dept').map((op) => operatorLabel(subject('dept'), op))).toEqual([
      '属于（含下级部门）',
      '不属于（含下级部门）',
      '属于其中之一（含下级部门）',
    ]);
    expect(operatorsFor('job').map((op) => operatorLabel(subject('job'), op))).toEqual(['等于', '不等于', '属于其中之一']);
    expect(operatorLabel(subject('field:amount'), 'gte')).toBe('大于等于');
  });

  it('switches a value between one and a list with the operator', () => {
    const kind = { on: 'field', field: 'kind', op: 'eq', value: '餐费' } as const;
    expect(withOperator(kind, 'option', 'in')).toEqual({ ...kind, op: 'in', value: ['餐费'] });
    expect(withOperator({ ...kind, op: 'in', value: ['餐费', '其他'] }, 'option', 'ne')).toEqual({ ...kind, op: 'ne', value: '餐费' });
    expect(withOperator({ on: 'job', op: 'eq', value: 1 }, 'job', 'in')).toEqual({ on: 'job', op: 'in', value: [1] });
    expect(withOperator({ on: 'job', op: 'in', value: [] }, 'job', 'eq')).toEqual({ on: 'job', op: 'eq', value: 0 });
  });

  it('summarises every kind in Chinese, naming people, departments and jobs', () => {
    const text = (rule: RuleGroup['rules'][number]) => ruleText(rule, schema, names);
    expect(text({ on: 'field', field: 'days', op: 'gt', value: 3 })).toBe('请假天数 > 3');
    expect(text({ on: 'field', field: 'on', op: 'lte', value: '2026-03-01' })).toBe('日期 ≤ 2026-03-01');
    expect(text({ on: 'field', field: 'kind', op: 'in', value: ['差旅费', '餐费'] })).toBe('类别 为 差旅费、餐费 之一');
    expect(text({ on: 'field', field: 'title', op: 'contains', value: '紧急' })).toBe('标题 包含 紧急');
    expect(text({ on: 'field', field: 'owner', op: 'ne', value: 2 })).toBe('负责人 不为 李四');
    expect(text({ on: 'field', field: 'expense_items', op: 'gt', value: 5000 })).toBe('费用明细合计 > 5000');
    expect(text({ on: 'dept', op: 'ne', value: [3, 4] })).toBe('发起人部门不属于 财务部、技术部');
    expect(text({ on: 'job', op: 'eq', value: 1 })).toBe('发起人岗位属于 财务审核');
    expect(text({ on: 'field', field: 'gone', op: 'eq', value: 'x' })).toBe('已删除的字段「gone」');
    expect(text({ on: 'field', field: 'amount', op: 'gte', value: '' })).toBe('金额 ≥ （未填写）');
    expect(ruleText(always, schema, names)).toBe('');
  });

  it('knows when a condition still lacks its value', () => {
    const complete = (c: Parameters<typeof subjectOf>[0]) => {
      const subject = subjectOf(c, schema);
      return subject !== null && isConditionComplete(c, subject);
    };
    expect(complete({ on: 'field', field: 'amount', op: 'gte', value: '' })).toBe(false);
    expect(complete({ on: 'field', field: 'amount', op: 'gte', value: '50.5' })).toBe(true);
    expect(complete({ on: 'field', field: 'amount', op: 'gte', value: '5,000' })).toBe(false);
    expect(complete({ on: 'field', field: 'days', op: 'gt', value: 0 })).toBe(true);
    expect(complete({ on: 'field', field: 'on', op: 'eq', value: '2026-1-1' })).toBe(false);
    expect(complete({ on: 'field', field: 'kind', op: 'in', value: [] })).toBe(false);
    expect(complete({ on: 'dept', op: 'eq', value: 0 })).toBe(false);
    expect(complete({ on: 'job', op: 'in', value: [1] })).toBe(true);
  });
});

// ---------- the designer's marks ----------

describe('designer checks', () => {
  it('marks validateFlow problems on their node and incomplete or shadowing branches on the branch', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = addBranch(t, 'cond1');
    t = updateBranchRules(t, 'branch3', { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gte', value: '' }] });
    t = addNode(t, { branchId: 'branch3', index: 0 }, 'approve');
    t = updateNode(t, 'node2', { steps: [] });
    const issues = designerIssues(t, schema);
    expect(issues.nodes.get('node2')).toEqual(['审批节点「审批人」至少需要一个审批步骤']);
    expect(issues.branches.get('branch1')).toEqual(['「条件1」未设置条件，总是满足，排在它后面的分支永远不会被选中']);
    expect(issues.branches.get('branch3')).toEqual(['「条件2」的条件「金额」未填写比较值']);
    expect(checkFlow(toGraph(t), schema)).toEqual({
      'flow.node2': ['审批节点「审批人」至少需要一个审批步骤'],
      'flow.node1': ['「条件2」的条件「金额」未填写比较值'],
    });
    expect(checkFlow(toGraph(defaultTree()), schema)).toEqual({});
  });
});

// ---------- the preview's path ----------

describe('preview path', () => {
  /** start → 直属主管 → [金额 ≥ 5000 → 财务审核 → 总经理 | 金额 ≥ 1000 → (nothing) | 其他情况 → 行政确认] → 归档 → end. */
  function moneyFlow(): FlowTree {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = addBranch(t, 'cond1');
    t = updateBranchRules(t, 'branch1', amountAtLeast('5000'));
    t = updateBranchRules(t, 'branch3', amountAtLeast('1000'));
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    t = updateNode(t, 'node2', { name: '财务审核' });
    t = addNode(t, { branchId: 'branch1', index: 1 }, 'approve');
    t = updateNode(t, 'node3', { name: '总经理' });
    t = addNode(t, { branchId: 'branch2', index: 0 }, 'approve');
    t = updateNode(t, 'node4', { name: '行政确认' });
    t = addNode(t, { branchId: null, index: 2 }, 'archive');
    expect(shape(t.blocks)).toEqual([
      'node1',
      {
        branches: [
          ['branch1', ['node2', 'node3']],
          ['branch3', []],
          ['default', ['node4']],
        ],
      },
      'node5',
    ]);
    expectValid(t);
    return t;
  }

  const input = (amount: string): RuleInput => ({ form: { amount }, initiator: { deptId: 3, jobIds: [] } });

  it.each([
    ['8000', ['start', 'node1', 'node2', 'node3', 'node5', 'end'], 'branch1'],
    ['5000', ['start', 'node1', 'node2', 'node3', 'node5', 'end'], 'branch1'],
    ['4999.99', ['start', 'node1', 'node5', 'end'], 'branch3'],
    ['200', ['start', 'node1', 'node4', 'node5', 'end'], 'branch2'],
  ])('金额 %s: computeRoute over the compiled graph and pathInTree agree', (amount, route, branch) => {
    const t = moneyFlow();
    const result = computeRoute(toGraph(t), input(amount));
    expect(result).toEqual({ ok: true, route });
    const path = pathInTree(t, route, input(amount));
    expect(path.isComplete).toBe(true);
    expect([...path.branchIds]).toEqual([branch]);
    expect([...path.nodeIds]).toEqual(route);
  });

  it('tells two empty branches apart by the rules, as the engine does', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = updateBranchRules(t, 'branch1', amountAtLeast('5000'));
    const g = toGraph(t);
    // Both branches go straight on to end: the route alone cannot say which one was taken.
    const small = computeRoute(g, input('10'));
    const large = computeRoute(g, input('9000'));
    expect(small).toEqual(large);
    if (!small.ok) throw new Error(small.message);
    expect([...pathInTree(t, small.route, input('10')).branchIds]).toEqual(['branch2']);
    expect([...pathInTree(t, small.route, input('9000')).branchIds]).toEqual(['branch1']);
  });

  it('a 发起人部门 rule takes in the departments below, as the server does (the sample initiator in 研发组 is in 技术部)', () => {
    let t = addConditionBlock(defaultTree(), { branchId: null, index: 1 });
    t = updateBranchRules(t, 'branch1', { logic: 'and', rules: [{ on: 'dept', op: 'eq', value: 10 }] });
    t = addNode(t, { branchId: 'branch1', index: 0 }, 'approve');
    // 1 星河科技 ⊃ 10 技术部 ⊃ 11 研发组; 12 财务部.
    const depts: Dept[] = [
      {
        id: 1,
        name: '星河科技',
        parent_id: null,
        leader_id: null,
        children: [
          {
            id: 10,
            name: '技术部',
            parent_id: 1,
            leader_id: null,
            children: [{ id: 11, name: '研发组', parent_id: 10, leader_id: null, children: [] }],
          },
          { id: 12, name: '财务部', parent_id: 1, leader_id: null, children: [] },
        ],
      },
    ];
    const routeOf = (deptId: number) => {
      const result = computeRoute(toGraph(t), previewRuleInput({}, deptId, depts));
      return result.ok ? result.route : null;
    };
    expect(previewRuleInput({ amount: '5' }, 11, depts)).toEqual({
      form: { amount: '5' },
      initiator: { deptId: 11, deptPath: [11, 10, 1], jobIds: [] },
    });
    expect(routeOf(11)).toEqual(['start', 'node1', 'node2', 'end']);
    expect(routeOf(10)).toEqual(['start', 'node1', 'node2', 'end']);
    expect(routeOf(12)).toEqual(['start', 'node1', 'end']);
  });

  it('marks no complete path for a route the tree does not hold', () => {
    const path = pathInTree(moneyFlow(), ['start', 'node1', 'node3', 'end']);
    expect(path.isComplete).toBe(false);
    expect([...path.nodeIds]).toEqual(['start', 'node1']);
  });
});
