import { DEFAULT_REQUEST_TIMEOUT, SYSTEM_NAME, type PrivateSettings, type PublicSettings, type Settings } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { listSettings } from './settings.repo';

/** For the settings administration and the seed: the one way to write a setting. */
export { upsertSetting } from './settings.repo';

function defaults(ctx: AppContext): PrivateSettings {
  return {
    system_name: SYSTEM_NAME,
    request_timeout: DEFAULT_REQUEST_TIMEOUT,
    // Empty bases mean "this page's own origin": one server serves all three APIs (DESIGN §4).
    forum_api_base: '',
    oa_api_base: '',
    main_api_base: '',
    preview_prefix: '',
    wechat_redirect_url: '',
    wechat_app_id: '',
    wechat_qr_login: 0,
    service_id: ctx.config.serviceId,
    default_user: '',
    header_banner: 0,
    header_banner_message: '',
    qrcode_url: '',
    webmail_url: ctx.config.webmailUrl,
    // 积分排行 (issue 15): what confirming a forced-read article earns; administrators change it in 系统设置.
    point_article_confirm: 2,
    // …and what handling an approval task within a working day earns (及时审批).
    point_approval_timely: 1,
    // …and what submitting a named survey one is asked to answer earns (issue 16, docs/surveys-api.md "Points").
    point_survey_answer: 1,
  };
}

const PUBLIC_KEYS = [
  'system_name',
  'request_timeout',
  'forum_api_base',
  'oa_api_base',
  'main_api_base',
  'preview_prefix',
  'wechat_redirect_url',
  'wechat_app_id',
  'wechat_qr_login',
  'service_id',
] as const satisfies readonly (keyof PublicSettings)[];

/** The stored settings over their defaults; a value of the wrong type in the table is ignored. */
export async function getAllSettings(ctx: AppContext): Promise<PrivateSettings> {
  const settings = defaults(ctx);
  const bag = settings as unknown as Record<string, unknown>;
  for (const row of await listSettings(ctx.db)) {
    if (!(row.key in bag)) continue;
    if (!row.isJson) ctx.log.warn({ key: row.key }, 'setting value is not JSON; default kept');
    else if (typeof row.value === typeof bag[row.key]) bag[row.key] = row.value;
  }
  return settings;
}

/** SPEC §3 global settings: the public part before sign-in, all of it after. */
export async function getSettings(ctx: AppContext, caller: Caller | null): Promise<Settings> {
  const all = await getAllSettings(ctx);
  if (caller) return all;
  const visible: Partial<PublicSettings> = {};
  for (const key of PUBLIC_KEYS) Object.assign(visible, { [key]: all[key] });
  return visible as PublicSettings;
}
