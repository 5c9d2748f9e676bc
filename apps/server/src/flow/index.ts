/** The approval engine's public surface (DESIGN §6). Pure: no database, no HTTP, no clock. */
export { applyEvent, draftBill } from './engine';
export { validateFlow, type FlowIssue } from './validate';
export { computeRoute, evaluateRules, chooseLink } from './rules';
export { handlerOperationOf, stepStatusOf, waitingHandlers, pendingTaskOf } from './present';
export type * from './types';
