import { entrustStateOf, EntrustStateLabels, type BillEntrust, type EntrustView } from '@osp/shared';
import type { Caller } from '../../context';
import { entrustAbilities, mayReadIptvTemplates } from './entrust.policy';

/** An entrust as the 审批委托 page shows it: its fields, state at `now`, templates by name and the owner's abilities. */
export function presentEntrust(
  caller: Caller,
  row: BillEntrust,
  templates: ReadonlyMap<number, { name: string; isIptv: boolean }>,
  now: Date,
): EntrustView {
  const state = entrustStateOf(row, now);
  const iptvReader = mayReadIptvTemplates(caller);
  const nameOf = (id: number) => {
    const template = templates.get(id);
    if (!template) return `模板#${id}`;
    return template.isIptv && !iptvReader ? `IPTV模板#${id}` : template.name;
  };
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    delegate_id: row.delegate_id,
    delegate_name: row.delegate_name,
    template_ids: row.template_ids,
    start_at: row.start_at,
    end_at: row.end_at,
    reason: row.reason,
    created_at: row.created_at,
    state,
    state_text: EntrustStateLabels[state],
    template_names: row.template_ids.map(nameOf),
    abilities: entrustAbilities(caller, row, state),
  };
}
