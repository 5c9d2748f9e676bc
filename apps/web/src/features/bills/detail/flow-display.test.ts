import { describe, expect, it } from 'vitest';
import type { FlowStepView } from '@osp/shared';
import {
  approvalWayText,
  backPath,
  billStatusColor,
  detailPath,
  editPath,
  historyColor,
  idParam,
  nodeTone,
  placeOf,
  printPath,
  handlerLabel,
  shownHandlerState,
  stepCountText,
  stepTone,
} from './flow-display';

const step = (stepStatus: FlowStepView['stepStatus']) => ({ stepStatus }) as FlowStepView;

describe('nodeTone', () => {
  it('marks the node the bill waits at as current, before anything else', () => {
    expect(nodeTone({ entered: true, current: true, flowNodeSteps: [step('doing')] })).toBe('current');
  });

  it('marks a node whose step sent the bill back as rejected', () => {
    expect(nodeTone({ entered: true, current: false, flowNodeSteps: [step('done'), step('rejected')] })).toBe('rejected');
  });

  it('tells passed nodes from nodes ahead', () => {
    expect(nodeTone({ entered: true, current: false, flowNodeSteps: [step('done')] })).toBe('finished');
    expect(nodeTone({ entered: true, current: false, flowNodeSteps: [] })).toBe('finished');
    expect(nodeTone({ entered: false, current: false, flowNodeSteps: [step('waiting')] })).toBe('waiting');
  });
});

it('stepTone follows the SPEC §4 step status', () => {
  expect([stepTone('done'), stepTone('doing'), stepTone('rejected'), stepTone('waiting')]).toEqual([
    'finished',
    'current',
    'rejected',
    'waiting',
  ]);
});

it('billStatusColor distinguishes in progress, done, rejected and withdrawn', () => {
  expect(billStatusColor('doing')).toBe('processing');
  expect(billStatusColor('done')).toBe('success');
  expect(billStatusColor('rejected')).toBe('error');
  expect(billStatusColor('returned')).toBe('warning');
  expect(billStatusColor('draft')).toBe('default');
});

describe('links', () => {
  it('builds the SPEC §2 detail, edit and print routes', () => {
    expect(detailPath({ id: 12, status: 'doing' }, 'todo')).toBe('/office/approval/detail?from=todo&billID=12&origin=list&status=doing');
    expect(editPath({ id: 12, template_id: 3 })).toBe('/office/approval/edit?billID=12&templateID=3');
    expect(printPath({ id: 12, template_id: 3 }, 'detail')).toBe('/print?from=detail&billID=12&templateID=3');
  });

  it('returns to the box the user came from, or the fallback for anything else', () => {
    expect(backPath('done', 'mine')).toBe('/office/approval/done');
    expect(backPath('dashboard', 'todo')).toBe('/office/approval/todo');
    expect(backPath(null, 'mine')).toBe('/office/approval/mine');
  });

  it('accepts only positive whole ids', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam('0')).toBeUndefined();
    expect(idParam('-3')).toBeUndefined();
    expect(idParam('4x')).toBeUndefined();
    expect(idParam(null)).toBeUndefined();
  });
});

it('historyColor tells decisions, refusals and withdrawals apart', () => {
  expect(historyColor('agree')).toBe('green');
  expect(historyColor('auto_agree')).toBe('green');
  expect(historyColor('reject')).toBe('red');
  expect(historyColor('back')).toBe('red');
  expect(historyColor('withdraw')).toBe('gray');
  expect(historyColor('release')).toBe('blue');
  expect(historyColor('transfer')).toBe('blue');
});

it('stepCountText counts every step, and marks the count of a step not reached yet as 预计', () => {
  expect(stepCountText({ handlerCount: 1, predicted: false })).toBe('1人');
  expect(stepCountText({ handlerCount: 0, predicted: false })).toBe('0人');
  expect(stepCountText({ handlerCount: 2, predicted: true })).toBe('预计 2人');
  expect(stepCountText({ handlerCount: 0, predicted: true })).toBe('预计 0人');
});

describe('a handler as the popover and the node dialog show them', () => {
  const handler = { name: '孙浩', operation: 0 as const, predicted: false, on_behalf_of: null };

  it('is 预计 when the step has not reached them, whatever the step status says', () => {
    expect(shownHandlerState('waiting', { ...handler, predicted: true })).toBe('predicted');
    expect(handlerLabel('waiting', { ...handler, predicted: true })).toBe('孙浩 预计');
    expect(handlerLabel('waiting', { ...handler, name: '赵六', predicted: true, on_behalf_of: '代王五审批' })).toBe(
      '赵六 预计（代王五审批）',
    );
  });

  it('otherwise keeps SPEC §4: waited for, decided, not needed, or not acted (a withdrawn or closed step)', () => {
    expect(handlerLabel('doing', handler)).toBe('孙浩 待处理');
    expect(handlerLabel('done', { ...handler, operation: 1 })).toBe('孙浩 已同意');
    expect(handlerLabel('done', handler)).toBe('孙浩 无需处理');
    expect(shownHandlerState('waiting', handler)).toBe('idle');
    expect(handlerLabel('waiting', handler)).toBe('孙浩 未处理');
  });
});

it('placeOf names the node, and the step only when it differs', () => {
  expect(placeOf({ node_name: '部门负责人审批', step_name: '部门负责人' })).toBe('部门负责人审批 · 部门负责人');
  expect(placeOf({ node_name: '财务审核', step_name: '财务审核' })).toBe('财务审核');
  expect(placeOf({ node_name: '发起', step_name: null })).toBe('发起');
  expect(placeOf({ node_name: null, step_name: null })).toBe('');
});

describe('approvalWayText', () => {
  it('names how the handlers decide, in the designer’s words with what they mean', () => {
    expect(approvalWayText({ stepType: 'orsign', approvalModeLabel: '或签' })).toBe('或签（一人同意即可）');
    expect(approvalWayText({ stepType: 'ordersign', approvalModeLabel: '会签' })).toBe('依次审批（按顺序逐一审批）');
    expect(approvalWayText({ stepType: 'joinsign', approvalModeLabel: '会签' })).toBe('联签（须所有人同意）');
  });

  it('says nothing where SPEC shows no approval mode, and keeps the mode of a type it does not know', () => {
    expect(approvalWayText({ stepType: 'orsign', approvalModeLabel: '' })).toBe('');
    expect(approvalWayText({ stepType: 'vote', approvalModeLabel: '会签' })).toBe('会签');
  });
});
