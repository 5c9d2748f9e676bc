import { ALL_PERMISSIONS, isCommonPassword, isStrongPassword, PasswordMessages } from '@osp/shared';
import type { Db } from '../db/index';
import { hashPassword } from '../lib/passwords';
import { upsertSetting } from '../modules/settings/settings.service';
import { currentYear } from '../modules/holiday/holiday.service';
import { seedApprovalDemo } from './demo-approval';
import { DEMO_DEPTS, DEMO_PASSWORD, DEMO_ROLES, DEMO_USERS } from './demo-company';
import { seedSurveyDemo } from './demo-surveys';
import { BASE_MENUS, type SeedMenu } from './menus';

async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

async function insertMenus(db: Db, menus: SeedMenu[], parentId: number | null): Promise<void> {
  let sort = 0;
  for (const menu of menus) {
    sort += 10;
    const { id } = await db
      .insertInto('menus')
      .values({
        parent_id: parentId,
        name: menu.name,
        path: menu.path,
        type: menu.type,
        icon: menu.icon,
        builtin: 0,
        keep_alive: menu.keep_alive ?? 0,
        hidden: 0,
        permission: menu.permission ?? null,
        sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (menu.children) await insertMenus(db, menu.children, id);
  }
}

async function insertRoles(db: Db, roles: typeof DEMO_ROLES): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const role of roles) {
    const { id } = await db.insertInto('roles').values({ key: role.key, name: role.name }).returning('id').executeTakeFirstOrThrow();
    ids.set(role.key, id);
    const permissions = role.permissions === 'all' ? ALL_PERMISSIONS : role.permissions;
    if (permissions.length > 0) {
      await db
        .insertInto('role_permissions')
        .values(permissions.map((permission) => ({ role_id: id, permission })))
        .execute();
    }
  }
  return ids;
}

/**
 * A production start: an empty database gets the base menus, the administrator role and one
 * administrator whose first password the operator chose (OSP_ADMIN_PASSWORD).
 */
export async function seedProduction(db: Db, adminPassword: string): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  if (!adminPassword) {
    throw new Error(
      'The database is empty: set OSP_ADMIN_PASSWORD to the first password of the admin account (or OSP_DEMO=1 for demo data).',
    );
  }
  if (!isStrongPassword(adminPassword) || isCommonPassword(adminPassword)) {
    throw new Error(`OSP_ADMIN_PASSWORD does not pass the password rules: ${PasswordMessages.strength}, and not a common password.`);
  }
  const passwordHash = await hashPassword(adminPassword);
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await insertMenus(trx, BASE_MENUS, null);
    const roles = await insertRoles(
      trx,
      DEMO_ROLES.filter((r) => r.key === 'admin'),
    );
    const { id } = await trx
      .insertInto('users')
      .values({ username: 'admin', password_hash: passwordHash, name: '系统管理员', dept_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .values({ user_id: id, role_id: roles.get('admin') ?? 0 })
      .execute();
  });
  return true;
}

/** The demo company (DESIGN §5), written once into an empty database. */
export async function seedDemo(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  // Every demo account shares one password; hashing it once keeps the first start fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const year = currentYear();
  await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await insertMenus(trx, BASE_MENUS, null);
    const roleIds = await insertRoles(trx, DEMO_ROLES);

    const deptIds = new Map<string, number>();
    let sort = 0;
    for (const dept of DEMO_DEPTS) {
      sort += 10;
      const parentId = dept.parent ? (deptIds.get(dept.parent) ?? null) : null;
      const { id } = await trx
        .insertInto('depts')
        .values({ name: dept.name, parent_id: parentId, sort, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      deptIds.set(dept.key, id);
    }

    const userIds = new Map<string, number>();
    for (const [index, user] of DEMO_USERS.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          username: user.username,
          password_hash: passwordHash,
          name: user.name,
          sex: user.sex,
          dept_id: deptIds.get(user.dept) ?? null,
          station: user.station,
          mail: `${user.username}@xinghe-tech.cn`,
          mobile: `138${String(10_000_000 + index * 731).padStart(8, '0')}`,
          phone: index % 3 === 0 ? `010-6${String(1_000_000 + index * 17)}` : '',
          wechat: index % 2 === 0 ? `wx_${user.username}` : '',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(user.username, id);
      await trx
        .insertInto('user_roles')
        .values(user.roles.map((role) => ({ user_id: id, role_id: roleIds.get(role) ?? 0 })))
        .execute();
      // Annual leave grows with seniority; used and applying days vary so the summary looks real.
      const total = 5 + (index % 3) * 5;
      await trx
        .insertInto('holiday_stats')
        .values({ user_id: id, year, total_day: total, used_day: (index * 1.5) % total, applying_day: index % 4 === 1 ? 1 : 0 })
        .execute();
    }

    for (const dept of DEMO_DEPTS) {
      const leaderId = dept.leader ? userIds.get(dept.leader) : undefined;
      const deptId = deptIds.get(dept.key);
      if (leaderId !== undefined && deptId !== undefined) {
        await trx.updateTable('depts').set({ leader_id: leaderId }).where('id', '=', deptId).execute();
      }
    }

    const adminId = userIds.get('admin') ?? null;
    const { id: forcedId } = await trx
      .insertInto('articles')
      .values({
        title: '关于开展2026年度信息安全培训的通知',
        content:
          '<p>各位同事：</p><p>为提高全员信息安全意识，公司将于<strong>12月5日（周五）14:00</strong>在三楼大会议室开展年度信息安全培训。</p>' +
          '<ol><li>请勿在工作电脑上安装来源不明的软件；</li><li>密码须定期更换，且不得与他人共用；</li><li>收到可疑邮件请转发至信息安全组。</li></ol>' +
          '<p>请阅读本通知后点击下方“我已阅读并知晓”确认。</p><p style="text-align:right">综合管理部</p>',
        force_view: 1,
        status: 1,
        author_id: adminId,
        published_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const zhangsan = userIds.get('zhangsan');
    if (zhangsan !== undefined) await trx.insertInto('article_audience').values({ article_id: forcedId, user_id: zhangsan }).execute();
    await trx
      .insertInto('articles')
      .values({
        title: '2027年元旦放假安排',
        content: '<p>根据国家规定，2027年1月1日至1月3日放假调休，共3天。请各部门提前做好工作安排。</p>',
        force_view: 0,
        status: 1,
        author_id: adminId,
        published_at: now,
        created_at: now,
      })
      .execute();

    await seedApprovalDemo(trx, userIds, deptIds, roleIds);
    await seedSurveyDemo(trx, userIds, deptIds);

    await upsertSetting(trx, 'header_banner', 1);
    await upsertSetting(trx, 'header_banner_message', '系统将于每周六 22:00–24:00 例行维护，届时请勿提交审批。');
  });
  return true;
}
