import { crossCheckSettings, SETTING_LABELS, SettingMessages, SettingsUpdateZ, type PrivateSettings } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { isActiveUsername } from '../directory/directory.service';
import { getAllSettings, upsertSetting } from '../settings/settings.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorize } from './admin-org.policy';

const ITEM_TYPE = 'setting';
/** The settings are one record in the operation log. */
const ITEM_ID = 'global';

/** Every setting, the signed-in part included, as the settings form shows them. */
export async function getAdminSettings(ctx: AppContext, caller: Caller): Promise<PrivateSettings> {
  authorize(caller, 'setting');
  return getAllSettings(ctx);
}

/** Saves the fields sent; the others keep their values. Answers the settings as they now are. */
export async function updateSettings(ctx: AppContext, actor: Actor, body: unknown): Promise<PrivateSettings> {
  authorize(actor.caller, 'setting');
  const input = parse(SettingsUpdateZ, body);
  const current = await getAllSettings(ctx);
  const next = { ...current, ...input };
  const errors = crossCheckSettings(next);
  if (input.default_user) {
    if (!(await isActiveUsername(ctx.db, input.default_user))) errors.default_user = [SettingMessages.defaultUserInvalid];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const changedKeys = (Object.keys(input) as (keyof typeof input)[]).filter((key) => input[key] !== current[key]);
  if (changedKeys.length === 0) return current;
  await ctx.db.transaction().execute(async (trx) => {
    for (const key of changedKeys) await upsertSetting(trx, key, input[key]);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: ITEM_ID,
      action: 'update',
      summary: `修改系统设置：${changedKeys.map((key) => SETTING_LABELS[key]).join('、')}`,
      before: Object.fromEntries(changedKeys.map((key) => [key, current[key]])),
      after: Object.fromEntries(changedKeys.map((key) => [key, input[key]])),
    });
  });
  return getAllSettings(ctx);
}
