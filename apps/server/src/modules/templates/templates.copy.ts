import { TEMPLATE_NAME_MAX, TemplateIdZ, type TemplateDetail } from '@osp/shared';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/index';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { statusText, templateFacts, templateItemType } from './templates.oplog';
import { authorizeTemplateWrite } from './templates.policy';
import * as repo from './templates.repo';
import { getTemplate, readableTemplate } from './templates.service';

/** 「名称（副本）」, then 「名称（副本2）」… until free; the name is shortened so that the whole fits. */
async function copyName(db: Db, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '（副本）' : `（副本${n}）`;
    const candidate = `${name.slice(0, TEMPLATE_NAME_MAX - suffix.length)}${suffix}`;
    if (!(await repo.findTemplateByName(db, candidate))) return candidate;
  }
}

/**
 * POST /api/templates/{id}/copy: a new template in the same group with the working form, flow, starters,
 * icon and description, disabled until an administrator enables it. When the source has a flow the copy
 * is published at once, so enabling it is all that is left.
 */
export async function copyTemplate(ctx: AppContext, actor: Actor, params: unknown, iptv: boolean): Promise<TemplateDetail> {
  authorizeTemplateWrite(actor.caller, iptv);
  const { id } = parse(TemplateIdZ, params);
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const row = await readableTemplate(trx, actor.caller, id, iptv);
    const [flow, starters] = await Promise.all([repo.loadWorkingFlow(trx, id, row.flow_settings), repo.startersOf(trx, id)]);
    const schema = row.form_schema;
    const name = await copyName(trx, row.name);
    const templateId = await repo.insertTemplate(trx, {
      group_id: row.group_id,
      name,
      description: row.description,
      icon: row.icon,
      status: 0,
      is_iptv: row.is_iptv,
      form_schema: schema,
    });
    await repo.writeStarters(trx, templateId, starters);
    if (flow) {
      const written = await repo.writeWorkingFlow(trx, templateId, flow);
      await repo.publishVersion(trx, templateId, name, schema, written);
    }
    await recordOperation(trx, actor, {
      itemType: templateItemType(iptv),
      itemId: templateId,
      action: 'create',
      summary: `复制审批模板「${row.name}」为「${name}」（${statusText(0)}）`,
      after: { ...templateFacts({ ...row, name, status: 0, group: row.group_name, schema, flow, starters }), copied_from: row.name },
    });
    return templateId;
  });
  return getTemplate(ctx, actor.caller, { id: copyId }, iptv);
}
