import { halfOfLabel, LEAVE_FORM_KEYS, LEAVE_SUBJECT_KIND, LeaveMessages, type LeaveSpan, type LeaveStatus } from '@osp/shared';
import type { Db } from '../../db/index';
import { ValidationError } from '../../http/errors';
import { billFormOf, onApprovalOutcome, type ApprovalOutcomeEvent } from '../bills/bills.approvals';
import * as repo from './leave.repo';
import { checkNoOverlap, leaveTypeOf, leaveYear, measureLeave, overBalance } from './leave.service';

/**
 * A leave request follows its 请假 bill, in the transaction that moves the bill (bills.outcomes.ts): what is written
 * here commits with the bill's change, and a refusal thrown here undoes it.
 *
 * - released / resubmitted: the request is measured again from the bill's form (the initiator may have edited a
 *   returned bill) and, for a type that counts, its days go into applying — only if they fit, in one conditional
 *   update, so two requests released at once for the last days cannot both pass;
 * - approved: applying → used (or straight to used when the bill finished the moment it was released);
 * - rejected, withdrawn, abandoned, closed: the days leave applying.
 *
 * The request's status says where its days are, so an outcome told twice never moves them twice.
 */

const FORM_FIELDS = { span: `form.${LEAVE_FORM_KEYS.period}`, files: `form.${LEAVE_FORM_KEYS.files}` };

interface Measured {
  leaveTypeId: number;
  typeName: string;
  counts: boolean;
  span: LeaveSpan;
  days: number;
  year: number;
}

/** The request as its bill's form says it now, measured and checked as the leave form does. */
async function measureBill(trx: Db, billId: number): Promise<Measured> {
  const form = (await billFormOf(trx, billId)) ?? {};
  const period = form[LEAVE_FORM_KEYS.period];
  const startHalf = halfOfLabel(form[LEAVE_FORM_KEYS.startHalf]);
  const endHalf = halfOfLabel(form[LEAVE_FORM_KEYS.endHalf]);
  const typeName = form[LEAVE_FORM_KEYS.type];
  const broken = () => new ValidationError({ form: [LeaveMessages.formBroken] });
  if (!Array.isArray(period) || typeof period[0] !== 'string' || typeof period[1] !== 'string' || !startHalf || !endHalf) throw broken();
  if (typeof typeName !== 'string') throw broken();
  const typeRow = await repo.findTypeByName(trx, typeName);
  if (!typeRow || typeRow.enabled !== 1) throw new ValidationError({ [`form.${LEAVE_FORM_KEYS.type}`]: [LeaveMessages.typeMissing] });
  const type = leaveTypeOf(typeRow);
  const span: LeaveSpan = { startDay: period[0], startHalf, endDay: period[1], endHalf };
  const files = form[LEAVE_FORM_KEYS.files];
  const days = await measureLeave(trx, type, span, Array.isArray(files) ? files.length : 0, FORM_FIELDS);
  if (Number(form[LEAVE_FORM_KEYS.days]) !== days)
    throw new ValidationError({ [`form.${LEAVE_FORM_KEYS.days}`]: [LeaveMessages.daysMismatch(days)] });
  return { leaveTypeId: type.id, typeName: type.name, counts: type.counts_balance, span, days, year: leaveYear(span.startDay) };
}

function measuredColumns(m: Measured) {
  return {
    leave_type_id: m.leaveTypeId,
    year: m.year,
    start_day: m.span.startDay,
    start_half: m.span.startHalf,
    end_day: m.span.endDay,
    end_half: m.span.endHalf,
    days: m.days,
    counts_balance: m.counts ? 1 : 0,
  };
}

/** Where a request's days are: in applying while it is 审批中, in used once approved, nowhere otherwise. */
const IN_APPLYING: readonly string[] = ['applying'];

async function onLeaveOutcome(trx: Db, event: ApprovalOutcomeEvent): Promise<void> {
  const request = await repo.findRequest(trx, event.subjectId);
  if (!request) return;
  const days = Number(request.days);
  const counted = request.counts_balance === 1;
  const set = (status: LeaveStatus, extra: Partial<ReturnType<typeof measuredColumns>> = {}) =>
    repo.updateRequest(trx, request.id, { status, bill_id: event.billId, updated_at: event.at, ...extra });

  switch (event.outcome) {
    case 'released':
    case 'resubmitted': {
      if (request.status === 'applying' || request.status === 'approved') return;
      const m = await measureBill(trx, event.billId);
      await checkNoOverlap(trx, request.user_id, m.span, request.id, FORM_FIELDS.span);
      if (m.counts && !(await repo.takeIfAvailable(trx, request.user_id, m.year, 'applying_day', m.days))) {
        throw new ValidationError({
          [`form.${LEAVE_FORM_KEYS.days}`]: [await overBalance(trx, request.user_id, m.year, m.typeName, m.days)],
        });
      }
      await set('applying', measuredColumns(m));
      return;
    }
    case 'approved': {
      if (request.status === 'approved') return;
      if (IN_APPLYING.includes(request.status)) {
        if (counted) await repo.applyingToUsed(trx, request.user_id, request.year, days);
        await set('approved');
        return;
      }
      // Finished the moment it was (re)submitted: every step was skipped.
      const m = await measureBill(trx, event.billId);
      await checkNoOverlap(trx, request.user_id, m.span, request.id, FORM_FIELDS.span);
      if (m.counts && !(await repo.takeIfAvailable(trx, request.user_id, m.year, 'used_day', m.days))) {
        throw new ValidationError({
          [`form.${LEAVE_FORM_KEYS.days}`]: [await overBalance(trx, request.user_id, m.year, m.typeName, m.days)],
        });
      }
      await set('approved', measuredColumns(m));
      return;
    }
    case 'rejected':
    case 'withdrawn':
    case 'abandoned':
    case 'closed': {
      if (IN_APPLYING.includes(request.status) && counted) await repo.releaseApplying(trx, request.user_id, request.year, days);
      await set(event.outcome);
      return;
    }
  }
}

/** Registered once with the holiday routes (and by the demo seed, which releases leave bills itself). */
export function listenToLeaveBills(): void {
  onApprovalOutcome(LEAVE_SUBJECT_KIND, onLeaveOutcome);
}
