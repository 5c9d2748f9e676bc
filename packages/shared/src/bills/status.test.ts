import { describe, expect, it } from 'vitest';
import {
  APPROVAL_MODE_LABELS,
  approvalModeLabel,
  approvalModeOf,
  FLOW_NODE_LABELS,
  REVIEW_KIND_LABELS,
  STEP_REVIEW_KIND,
  STEP_STATUS_LABELS,
  stepDisplayName,
  stepStatusText,
} from './status';

describe('SPEC §4 labels', () => {
  it('labels start and end nodes, not archive and change', () => {
    expect(FLOW_NODE_LABELS).toMatchObject({ start: '发起审批', end: '结束审批', archive: '', change: '' });
  });

  it('labels step statuses', () => {
    expect(STEP_STATUS_LABELS).toEqual({ waiting: '待审批', doing: '审批中', rejected: '已退回', done: '已审批' });
  });

  it('maps step types to review kinds and approval modes', () => {
    expect(STEP_REVIEW_KIND).toEqual({
      orsign: 'single',
      group_only: 'single',
      check: 'single',
      group_all: 'joint',
      joinsign: 'joint',
      ordersign: 'sequential',
    });
    expect(REVIEW_KIND_LABELS.single).toBe('或签');
    expect(REVIEW_KIND_LABELS.joint).toBe('会签');
    expect([approvalModeOf('orsign'), approvalModeOf('joinsign'), approvalModeOf('ordersign')]).toEqual([0, 1, 1]);
    expect(APPROVAL_MODE_LABELS).toEqual({ 0: '或签', 1: '会签' });
  });

  it('shows no approval mode on archive nodes', () => {
    expect(approvalModeLabel('archive', 'joinsign')).toBe('');
    expect(approvalModeLabel('approve', 'joinsign')).toBe('会签');
    expect(approvalModeLabel('approve', 'check')).toBe('或签');
  });

  it('shows 审批组 when a step is named like the process', () => {
    expect(stepDisplayName('报销审批', '报销审批')).toBe('审批组');
    expect(stepDisplayName('财务审核', '报销审批')).toBe('财务审核');
  });

  it('lists the first two waiting handlers followed by 等人', () => {
    expect(stepStatusText('doing', ['李四'])).toBe('等待李四审批');
    expect(stepStatusText('doing', ['李四', '王五'])).toBe('等待李四、王五等人审批');
    expect(stepStatusText('doing', ['李四', '王五', '赵六'])).toBe('等待李四、王五等人审批');
    expect(stepStatusText('done', ['李四'])).toBe('已审批');
    expect(stepStatusText('rejected', [])).toBe('已退回');
    expect(stepStatusText('waiting', [])).toBe('待审批');
  });
});
