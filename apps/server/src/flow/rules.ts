/** The link rules live in @osp/shared (bills/flow-rules.ts) so the designer's preview resolves paths with the same code. */
export {
  chooseLink,
  computeRoute,
  evaluateCondition,
  evaluateRules,
  type RouteResult,
  type RuleInitiator,
  type RuleInput,
} from '@osp/shared';
