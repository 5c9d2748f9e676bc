import { ApprovalMessages, EngineMessages, type BillStatus } from '@osp/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { applyEvent } from '../../flow/engine';
import type { BillState, EngineFailure, FlowEvent } from '../../flow/types';
import { type AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { loadFlowDirectory } from '../directory/directory.service';
import type { PinnedVersion } from '../templates/templates.versions';
import { tellEventNotices } from './bills.notices';
import { tellOutcome } from './bills.outcomes';
import { billUnavailable } from './bills.policy';
import { activeNodeName } from './bills.presenter';
import { fileArchive } from './bills.archive';
import { lockBill, type BillRow } from './bills.repo';
import { idGenerator, VersionConflict, writeState, type BillColumns } from './bills-state.repo';

/**
 * How every write of a bill runs (DESIGN §6): in one transaction, lock the bill row (PostgreSQL
 * `FOR UPDATE`; SQLite's single connection serialises transactions), load its state inside the
 * transaction, run the pure engine, write what changed and bump `bills.version` with
 * `WHERE version = <loaded>`. A failure anywhere rolls everything back.
 */

const FINISHED: readonly BillStatus[] = ['done', 'abandoned', 'closed'];
/** Re-runs of a transaction whose conditional version write found the bill changed (see mutate). */
const VERSION_RETRIES = 3;

/**
 * Runs `fn` with the bill locked. The version check cannot fail while the lock holds; should a writer
 * ever bypass the lock, the whole operation is re-run on the fresh state (the engine then decides, e.g.
 * "already handled"), and only after repeated conflicts does the caller get 409.
 */
export async function mutate<T>(
  ctx: AppContext,
  billId: number,
  fn: (trx: Db, bill: BillRow) => Promise<T>,
  missing: () => AppError = billUnavailable,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const bill = await lockBill(trx, ctx.engine, billId);
        if (!bill) throw missing();
        return fn(trx, bill);
      });
    } catch (error) {
      if (!(error instanceof VersionConflict)) throw error;
      if (attempt >= VERSION_RETRIES) throw new ConflictError(ApprovalMessages.billConflict);
    }
  }
}

/** The version the client saw, when it sends one, must be the bill's (409 otherwise). */
export function checkVersion(bill: BillRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== bill.version) throw new ConflictError(EngineMessages.staleVersion);
}

function engineError(failure: EngineFailure): AppError {
  switch (failure.code) {
    case 403:
      return new ForbiddenError(failure.message);
    case 404:
      return new NotFoundError(failure.message);
    case 409:
      return new ConflictError(failure.message);
    case 422:
      // The engine names the field its refusal belongs to; a refusal without one is about the form.
      return new ValidationError({ [failure.field ?? 'form']: [failure.message] });
  }
}

/** The people only the bill or the event names, whose status the engine may ask (the directory knows the rest). */
function peopleOf(state: BillState, event: FlowEvent): number[] {
  const people = Object.values(state.chosenHandlers).flat();
  if (state.initiator) people.push(state.initiator.userId);
  if (event.type === 'release') people.push(event.initiator.userId);
  if (event.type === 'release' || event.type === 'resubmit') people.push(...Object.values(event.chosenHandlers ?? {}).flat());
  if (event.type === 'transfer' || event.type === 'reassign') people.push(event.to);
  return people;
}

/** Applies one engine event to the locked bill and writes the result (also used by the demo seed). */
export async function runEngine(
  ctx: Pick<AppContext, 'db' | 'access'>,
  trx: Db,
  bill: BillRow,
  state: BillState,
  pinned: PinnedVersion,
  event: FlowEvent,
  columns: BillColumns = {},
): Promise<BillState> {
  const directory = await loadFlowDirectory(ctx, trx, pinned.flow, event.at, peopleOf(state, event));
  const result = applyEvent({ flow: pinned.flow, directory, newId: idGenerator(bill.id, state) }, state, event);
  if (!result.ok) throw engineError(result);
  const next = result.state;
  const nodeName = activeNodeName(next, pinned.flow);
  await writeState(trx, bill.id, state, next, {
    ...columns,
    current_node_name: nodeName,
    ...(FINISHED.includes(next.status) && !FINISHED.includes(state.status) ? { finished_at: event.at } : {}),
  });
  await tellEventNotices(trx, bill.id, { state, nodeName: bill.current_node_name }, { state: next, nodeName }, result.effects, event);
  await tellOutcome(trx, bill.id, state.status, next.status, event.at);
  // Last: a new archive number holds the year's counter row until the commit (bills.archive.ts).
  await fileArchive(trx, bill, state, next, result.effects, event.at);
  return next;
}
