/**
 * Bills (issue 4, DESIGN §6): the module's public face, for its routes and the demo seed. Each part
 * lives in a file of its own (STYLE "A new area moves in"), and the module's own files import from those:
 *
 * - bills.detail.ts: a bill as its reader sees it (detail, history, record, /oa/flow, item rows);
 * - bills.drafts.ts: create, edit, items, delete a draft;
 * - bills.release.ts: the initiator's release (resubmit), withdraw and abandon;
 * - bills.operations.ts: a handler's task and its agree, reject, back and transfer;
 * - bills.transactions.ts: how every write runs (the locked, versioned transaction and the engine);
 * - bills.actions.ts: replicate, close, track, share, ignore; bills.list.ts: the boxes and the dashboard;
 * - bills.forms.ts: the form against its template; bills.presenter.ts: what is sent out, and the abilities;
 * - bills.predict.ts: whom the steps a bill in progress has not reached would ask (the flow view's 预计);
 * - bills.policy.ts (pure) and bills.access.ts (its look-ups): who may read and act;
 * - bills.approvals.ts: approval as a service for other modules; bills.outcomes.ts: telling them the outcome;
 * - bills.repo.ts (the bill rows), bills-state.repo.ts (the engine's rows, the versioned write),
 *   bills-view.repo.ts (the reader's one statement), bills-list.repo.ts (the boxes): the module's SQL.
 */

export { getBill, getFlow, getHistory, getItems, getRecord } from './bills.detail';
export { addItemRow, createBill, deleteBill, putItems, removeItemRow, updateBill } from './bills.drafts';
export { abandonBill, releaseBill, withdrawBill } from './bills.release';
export { getTask, operate, operateNamedInBody } from './bills.operations';
export { runEngine } from './bills.transactions';
