import { ApprovalMessages, BillIdZ, BillReleaseZ, InitiatorOperationZ, type BillDetail } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import type { FlowEvent } from '../../flow/types';
import { ConflictError } from '../../http/errors';
import { parse } from '../../http/validate';
import { jobIdsOf } from '../directory/directory.service';
import { linkAttachments } from '../files/attachments.service';
import { authorizeTemplateRead } from '../templates/templates.policy';
import { authorizeStart } from '../templates/templates.service';
import { authorizeInitiator } from './bills.access';
import { getBill } from './bills.detail';
import {
  checkChosen,
  checkForm,
  checkReferences,
  formInput,
  itemsFields,
  storedForm,
  storedValues,
  templateOf,
  versionOf,
} from './bills.forms';
import * as repo from './bills.repo';
import { loadState } from './bills-state.repo';
import { checkVersion, mutate, runEngine } from './bills.transactions';

/**
 * The initiator's moves through the flow: release a draft (or resubmit a rejected or withdrawn bill),
 * withdraw a bill in approval, abandon one that came back.
 */

export async function releaseBill(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
): Promise<BillDetail & { resubmitted: boolean }> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillReleaseZ, body);
  let resubmitted = false;
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    checkVersion(bill, input.version);
    const isDraft = bill.status === 'draft';
    resubmitted = !isDraft;
    if (isDraft) {
      const template = await templateOf(trx, bill.template_id);
      if (!template || template.status !== 1) throw new ConflictError(ApprovalMessages.templateDisabled);
      authorizeTemplateRead(caller, template.is_iptv === 1);
      // The starters may have changed since the draft was saved.
      await authorizeStart(ctx, trx, caller, template.id);
    }
    const pinned = await versionOf(ctx, trx, bill);
    const schema = pinned.formSchema;
    let stored: repo.StoredForm = bill.form;
    if (input.form !== undefined) {
      const edited = checkForm(schema, input.form, 'draft');
      await repo.replaceItems(trx, bill.id, itemsFields(schema, edited));
      stored = storedValues(edited);
    }
    const form = checkForm(schema, formInput(schema, stored, await repo.loadItems(trx, bill.id)), 'submit');
    await checkReferences(trx, caller, schema, form, bill.id);
    await linkAttachments(trx, bill.id, schema, form);
    await checkChosen(trx, pinned.flow, input.chosen_handlers);
    const engineForm = storedValues(form);
    const at = nowIso();
    const state = await loadState(trx, bill, await jobIdsOf(trx, bill.initiator_id));
    const event: FlowEvent = isDraft
      ? {
          type: 'release',
          at,
          initiator: { userId: caller.userId, deptId: caller.user.dept_id ?? 0, jobIds: await jobIdsOf(trx, caller.userId) },
          form: engineForm,
          chosenHandlers: input.chosen_handlers ?? {},
        }
      : {
          type: 'resubmit',
          at,
          actor: caller.userId,
          form: engineForm,
          ...(input.chosen_handlers ? { chosenHandlers: input.chosen_handlers } : {}),
        };
    await runEngine(ctx, trx, bill, state, pinned, event, {
      form_json: storedForm(form),
      released_at: at,
      finished_at: null,
      ...(input.title ? { title: input.title } : {}),
      ...(isDraft ? { dept_id: caller.user.dept_id } : {}),
    });
  });
  return { ...(await getBill(ctx, caller, { id })), resubmitted };
}

async function initiatorOperation(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
  type: 'withdraw' | 'abandon',
): Promise<void> {
  const { id } = parse(BillIdZ, params);
  const input = parse(InitiatorOperationZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    const state = await loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    const event: FlowEvent = {
      type,
      at: nowIso(),
      actor: caller.userId,
      comment: input.comment ?? null,
      ...(input.version !== undefined ? { expectedVersion: input.version } : {}),
    };
    await runEngine(ctx, trx, bill, state, pinned, event);
  });
}

export const withdrawBill = (ctx: AppContext, caller: Caller, params: unknown, body: unknown) =>
  initiatorOperation(ctx, caller, params, body, 'withdraw');
export const abandonBill = (ctx: AppContext, caller: Caller, params: unknown, body: unknown) =>
  initiatorOperation(ctx, caller, params, body, 'abandon');
