import type { Actor } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { recordOperation } from '../syslog/syslog.service';
import * as repo from './entrust.repo';
import { shown } from './entrust.service';

/**
 * The entrust module's part of 离职交接 (modules/handover): entrusts others gave the leaver, not yet ended, now name the
 * receiver as their delegate, so that their owners' tasks keep reaching someone (an entrust to a disabled delegate is
 * not followed: the owner would get the tasks back while away). One whose owner is the receiver would be an entrust
 * to oneself: it ends instead. The leaver's own entrusts are left alone: they are theirs, and they do nothing once the
 * account is disabled (a disabled person is given no task). Each change is logged as an update of the entrust.
 */
export async function handOverReceivedEntrusts(trx: Db, actor: Actor, from: number, to: number): Promise<number> {
  const now = nowIso();
  const rows = await repo.receivedOpenEntrusts(trx, from, now);
  if (rows.length === 0) return 0;
  const [leaver, receiver] = [await repo.findDelegate(trx, from), await repo.findDelegate(trx, to)];
  const label = (u: { name: string; username: string } | undefined, id: number) => (u ? `${u.name}（${u.username}）` : `用户#${id}`);
  for (const row of rows) {
    const owner = await repo.findDelegate(trx, row.user_id);
    const period = `${shown(row.start_at)} 至 ${shown(row.end_at)}`;
    if (row.user_id === to) {
      const hasStarted = row.start_at <= now;
      await repo.endEntrust(trx, row.id, now, hasStarted);
      await recordOperation(trx, actor, {
        itemType: 'entrust',
        itemId: row.id,
        action: 'end',
        summary: `离职交接：${label(owner, row.user_id)} 给 ${label(leaver, from)} 的审批委托（${period}）结束，待办移交给委托人本人`,
        before: { period },
        after: { period: hasStarted ? `${shown(row.start_at)} 至 ${shown(now)}` : `${shown(now)} 至 ${shown(now)}` },
      });
      continue;
    }
    await repo.setDelegate(trx, row.id, to);
    await recordOperation(trx, actor, {
      itemType: 'entrust',
      itemId: row.id,
      action: 'update',
      summary: `离职交接：${label(owner, row.user_id)} 的审批委托（${period}）受托人由 ${label(leaver, from)} 改为 ${label(receiver, to)}`,
      before: { delegate: label(leaver, from) },
      after: { delegate: label(receiver, to) },
    });
  }
  return rows.length;
}

/** Entrusts others gave `userId` that have not ended: what a handover of them would pass on. */
export function countReceivedEntrusts(db: Db, userId: number): Promise<number> {
  return repo.countReceivedOpenEntrusts(db, userId, nowIso());
}
