import type { BillDetail, TemplateDetail } from '@osp/shared';

/** SPEC §2 /office/approval/edit?billID&templateID, a fixed route outside the menu. */
export const BILL_EDIT_PATH = '/office/approval/edit';

/**
 * A new bill needs only `templateID`; an IPTV template adds `iptv=1` so that its schema is read from
 * /api/iptvtemplates (an extension of SPEC's query: the two kinds have separate endpoints).
 */
export function editPath({ templateId, billId, isIptv }: { templateId: number; billId?: number; isIptv?: boolean }): string {
  const query = new URLSearchParams();
  if (billId !== undefined) query.set('billID', String(billId));
  query.set('templateID', String(templateId));
  if (isIptv) query.set('iptv', '1');
  return `${BILL_EDIT_PATH}?${query.toString()}`;
}

export interface ChosenStep {
  stepId: string;
  stepName: string;
  nodeName: string;
}

/** The steps whose handlers the initiator picks at release, from a template's working flow. */
export function chosenStepsOf(template: Pick<TemplateDetail, 'flow'>): ChosenStep[] {
  return (template.flow?.nodes ?? []).flatMap((node) =>
    node.steps
      .filter((step) => step.source.kind === 'chosen')
      .map((step) => ({ stepId: step.id, stepName: step.name, nodeName: node.name })),
  );
}

/** The step a "请选择「X」的审批人" refusal names, else the first one. */
export function stepOfMessage(steps: readonly ChosenStep[], message: string): ChosenStep | undefined {
  return steps.find((step) => message.includes(`「${step.stepName}」`)) ?? steps[0];
}

/** Whether the bill goes back into the flow (重新提交) rather than in for the first time. */
export function isResubmission(bill: Pick<BillDetail, 'status'> | undefined): boolean {
  return bill?.status === 'rejected' || bill?.status === 'returned';
}
