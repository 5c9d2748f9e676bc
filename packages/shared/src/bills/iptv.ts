/**
 * SPEC §6: IPTV templates are read and started by holders of any IPTV permission. The server checks
 * this on every /api/iptvtemplates call (templates.policy.ts) and for their history (LOGGED_ITEM_TYPES);
 * the 发起审批 page only asks for them when the user holds one.
 */
export const IPTV_TEMPLATE_PERMISSIONS = ['iptv', 'iptv_list', 'iptv_bank', 'iptv_rule'] as const;
