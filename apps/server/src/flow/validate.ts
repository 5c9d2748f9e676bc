/** Flow validation lives in @osp/shared (bills/flow-validate.ts): the designer marks the same faults the server refuses. */
export { validateFlow, type FlowIssue } from '@osp/shared';
