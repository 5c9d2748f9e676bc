import { ApprovalMessages, HandoverInputZ, HandoverMessages, type HandoverResult, type HandoverSummary } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { authorizeUserChange, userLabel } from '../admin-users/admin-users.service';
import { draftCount, moveDrafts, moveOpenTasks, openTaskCounts } from '../bills/bills.reassign';
import { activeUserDept, userCards } from '../directory/directory.service';
import { countReceivedEntrusts, handOverReceivedEntrusts } from '../entrust/entrust.handover';
import { recordOperation } from '../syslog/syslog.service';
import { receiverRefusal } from './handover.policy';

/**
 * 离职交接 (issue 13): a user administrator hands a person's open tasks, drafts and the entrusts others gave them to a
 * colleague, in one transaction, recorded in each moved task's bill history (离职交接) and as one operation-log row of
 * the person (item type user, action handover: the 操作日志 of the user page, read with sys_user or sys_log). Bills the
 * receiver initiated keep their task with the leaver and are reported (nobody approves their own request); the
 * administrator can hand those to someone else with a second call, which finds only what is left.
 */

export async function getHandoverSummary(ctx: AppContext, caller: Caller, id: number): Promise<HandoverSummary> {
  const user = await authorizeUserChange(ctx, caller, id);
  const [open, drafts, entrusts] = await Promise.all([
    openTaskCounts(ctx.db, user.id),
    draftCount(ctx.db, user.id),
    countReceivedEntrusts(ctx.db, user.id),
  ]);
  return { user_id: user.id, open_tasks: open.tasks, open_bills: open.bills, drafts, entrusts };
}

export async function handOver(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<HandoverResult> {
  const leaver = await authorizeUserChange(ctx, actor.caller, id);
  const { to_user_id: to } = parse(HandoverInputZ, body);
  const refusal = receiverRefusal(leaver.id, to);
  if (refusal) throw new ValidationError({ to_user_id: [refusal] });
  return ctx.db.transaction().execute(async (trx) => {
    // Read in the transaction that moves the work: a receiver disabled meanwhile receives nothing.
    const receiver = await activeUserDept(trx, to);
    if (!receiver) throw new ValidationError({ to_user_id: [ApprovalMessages.userMissing] });
    const toName = (await userCards(trx, [to])).get(to)?.name ?? `用户#${to}`;
    const tasks = await moveOpenTasks(ctx, trx, {
      reason: 'handover',
      actorId: actor.caller.userId,
      from: leaver.id,
      to,
      templateIds: [],
      comment: HandoverMessages.taskComment(leaver.name, toName),
    });
    const drafts = await moveDrafts(trx, leaver.id, to, receiver.dept_id);
    const entrusts = await handOverReceivedEntrusts(trx, actor, leaver.id, to);
    const result: HandoverResult = { user_id: leaver.id, to_user_id: to, to_name: toName, tasks, drafts, entrusts };
    if (tasks.moved.length + tasks.skipped.length + drafts + entrusts === 0) return result;
    const skipped =
      tasks.skipped.length > 0 ? `；${tasks.skipped.length} 张单据未移交（${tasks.skipped.map((b) => `#${b.bill_id}`).join('、')}）` : '';
    await recordOperation(trx, actor, {
      itemType: 'user',
      itemId: leaver.id,
      action: 'handover',
      summary: `离职交接：${userLabel(leaver)} 的待办 ${tasks.moved.length} 张单据、草稿 ${drafts} 张、委托 ${entrusts} 条移交给 ${toName}${skipped}`,
      after: {
        to_user: toName,
        moved_bills: tasks.moved.map((b) => b.bill_id),
        skipped_bills: tasks.skipped.map((b) => b.bill_id),
        drafts,
        entrusts,
      },
    });
    return result;
  });
}
