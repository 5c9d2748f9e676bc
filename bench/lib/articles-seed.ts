/**
 * The articles generator (issue 15 bench). Runs after the OSP server's first start has migrated the database and
 * seeded the demo company, with the server stopped. It writes six article types and `articles` articles over the
 * last three years, in publish order, shaped as the administrators' pages write them (articles.admin.ts):
 *
 * - status: drafts (never published), withdrawn ones (published once), the rest published; of the published some
 *   scheduled (their window opens in the next weeks), some expired (their window closed), some with an end still
 *   ahead, the rest open-ended;
 * - type: spread over the six types by weight, a few without a type;
 * - audience: about 10 % for departments (with their sub-departments), roles or people — the rules in
 *   article_audience_rules, the people in article_audience — and the rest for everyone;
 * - a few pinned, a few forced (强制阅读), some of those with a deadline;
 * - readers: the benchmark user `zhangsan` has opened about half of what he may read and confirmed every forced
 *   article he may read but the newest two (his gate still holds two); the other demo people have opened and
 *   confirmed their share, so the views and confirmations tables hold everyone's rows, not only his.
 *
 * What zhangsan may read is worked out here from the same rule as articles.repo.ts readableBy (published, inside
 * the window, for everyone or naming him, his role or a department on his chain), so the suite can check that the
 * list's total says the same.
 *
 * Rows go in as bills-seed.ts writes them: prepared better-sqlite3 statements in one transaction for SQLite,
 * `INSERT … SELECT FROM unnest(<one array per column>)` with pg for PostgreSQL, then VACUUM ANALYZE there.
 */
import path from 'node:path';
import type { EngineSetup } from './engines';
import { insertChunked, pgSink, sqliteSink, type ColumnType, type Row, type Sink, type Value } from './seed-sink';
import { random } from './bills-seed';

export const ARTICLES_USER = 'zhangsan';

export interface ArticlesSeedOptions {
  articles: number;
}

export interface ArticlesSeedResult {
  articles: number;
  types: number;
  seconds: number;
  /** Rows written into the six article tables. */
  rows: number;
  benchUser: string;
  /** Articles the benchmark user may read at seeding time (demo ones included). */
  readable: number;
  /** Of those, the ones he has neither opened nor confirmed. */
  unread: number;
  /** Forced articles he may read and has not confirmed (what the gate would hold him to). */
  pendingForced: number;
  /** Articles with an audience of departments, roles or people. */
  withAudience: number;
  /** How the generated articles split by state. */
  mix: Record<ArticleState, number>;
}

const TABLES = {
  article_types: { id: 'int', name: 'text', sort: 'int', created_at: 'ts', updated_at: 'ts' },
  articles: {
    id: 'int',
    title: 'text',
    content: 'text',
    force_view: 'int',
    status: 'int',
    author_id: 'int',
    published_at: 'ts',
    created_at: 'ts',
    type_id: 'int',
    summary: 'text',
    cover_file_id: 'text',
    expire_at: 'ts',
    is_pinned: 'int',
    force_deadline: 'ts',
    updated_at: 'ts',
  },
  article_audience: { article_id: 'int', user_id: 'int' },
  article_audience_rules: { article_id: 'int', kind: 'text', ref_id: 'int' },
  article_view_confirms: { article_id: 'int', user_id: 'int', confirmed_at: 'ts' },
  article_views: { article_id: 'int', user_id: 'int', first_viewed_at: 'ts', last_viewed_at: 'ts', view_count: 'int' },
} as const satisfies Record<string, Record<string, ColumnType>>;
type TableName = keyof typeof TABLES;

/** Names and weights of the six types, in their order on the page. */
const TYPES: readonly { name: string; weight: number; topics: readonly string[] }[] = [
  {
    name: '公司公告',
    weight: 0.25,
    topics: ['年度经营计划', '组织架构调整', '办公地址变更', '年度表彰大会', '战略合作签约', '季度经营分析会'],
  },
  {
    name: '行政通知',
    weight: 0.25,
    topics: ['节假日放假安排', '办公区消防演练', '会议室预约规则', '停车场管理', '办公用品领用', '空调检修停机'],
  },
  { name: '人事动态', weight: 0.15, topics: ['新员工入职培训', '岗位竞聘', '干部任免', '年度绩效考核', '社保公积金基数调整', '员工体检'] },
  {
    name: '制度规范',
    weight: 0.15,
    topics: ['差旅费报销办法', '采购管理制度', '信息安全管理规定', '考勤管理办法', '合同审批流程', '印章使用管理'],
  },
  {
    name: '技术分享',
    weight: 0.12,
    topics: ['数据库性能优化', '前端工程化实践', '微服务治理', '容器化部署', '代码评审规范', '线上故障复盘'],
  },
  {
    name: '党建活动',
    weight: 0.08,
    topics: ['主题党日活动', '志愿服务', '学习教育专题会', '红色教育基地参观', '党费收缴', '支部换届选举'],
  },
];
const UNTYPED_SHARE = 0.03;
const FORMS = ['关于{t}的通知', '关于{t}的公告', '{t}工作安排', '{t}的补充说明', '{t}实施细则', '{t}情况通报'];
const PARAGRAPHS = [
  '为进一步规范公司管理，提高工作效率，经公司研究决定，现将有关事项通知如下，请各部门认真组织学习并严格执行。',
  '各部门负责人要高度重视，结合本部门实际情况，做好宣传和落实工作，确保各项要求落到实处。',
  '执行过程中如有疑问，请及时与综合管理部联系，联系电话：010-8888 6666，邮箱：admin@xinghe-tech.cn。',
  '本通知自发布之日起施行，此前发布的相关规定与本通知不一致的，以本通知为准。',
  '请全体员工合理安排工作，遵守相关规定，共同营造安全、有序、高效的工作环境。',
];

const DAY_MS = 86_400_000;
const THREE_YEARS_MS = 3 * 365 * DAY_MS;

export type ArticleState = 'open' | 'open-until' | 'expired' | 'scheduled' | 'draft' | 'withdrawn';
const STATE_WEIGHTS: readonly [ArticleState, number][] = [
  ['open', 0.68],
  ['open-until', 0.1],
  ['expired', 0.06],
  ['scheduled', 0.03],
  ['draft', 0.08],
  ['withdrawn', 0.05],
];
const PINNED_SHARE = 0.005;
const FORCED_SHARE = 0.03;
const AUDIENCE_SHARE = 0.1;

export async function seedArticles(setup: EngineSetup, options: ArticlesSeedOptions): Promise<ArticlesSeedResult> {
  const started = Date.now();
  const sink =
    setup.engine === 'sqlite'
      ? sqliteSink(path.join(setup.ospEnv.DATA_DIR ?? '', 'osp.sqlite'), TABLES)
      : await pgSink(setup.ospEnv.DATABASE_URL ?? '', TABLES);
  try {
    return await generate(sink, setup.engine, options, started);
  } finally {
    await sink.close();
  }
}

async function generate(
  sink: Sink<TableName>,
  engine: EngineSetup['engine'],
  options: ArticlesSeedOptions,
  started: number,
): Promise<ArticlesSeedResult> {
  const rand = random(15);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    let r = rand() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, weight] of entries) {
      r -= weight;
      if (r <= 0) return value;
    }
    return (entries.at(-1) as readonly [T, number])[0];
  };
  /** `count` distinct picks from `list`. */
  const some = <T>(list: readonly T[], count: number): T[] => {
    const chosen = new Set<T>();
    while (chosen.size < Math.min(count, list.length)) chosen.add(pick(list));
    return [...chosen];
  };

  // ---- the demo company, as the first start wrote it
  const users = (await sink.all('select id, username, dept_id from users where status = 1 order by id')).map((u) => ({
    id: Number(u.id),
    username: String(u.username),
    dept: u.dept_id === null ? null : Number(u.dept_id),
  }));
  const bench = users.find((u) => u.username === ARTICLES_USER);
  if (!bench) throw new Error(`articles seed: demo user ${ARTICLES_USER} missing — has the demo company been seeded?`);
  const authors = users.filter((u) => ['admin', 'sunba', 'linxue'].includes(u.username)).map((u) => u.id);
  if (authors.length === 0) throw new Error('articles seed: no demo authors (admin, sunba, linxue)');
  const depts = (await sink.all('select id, parent_id from depts order by id')).map((d) => ({
    id: Number(d.id),
    parent: d.parent_id === null ? null : Number(d.parent_id),
  }));
  const roles = (await sink.all('select id, key from roles order by id')).map((r) => ({ id: Number(r.id), key: String(r.key) }));
  const userRoles = await sink.all('select user_id, role_id from user_roles order by user_id, role_id');
  const rolesOf = (userId: number) => new Set(userRoles.filter((r) => Number(r.user_id) === userId).map((r) => Number(r.role_id)));
  const chainOf = (deptId: number | null) => {
    const chain = new Set<number>();
    for (let at = deptId; at !== null && !chain.has(at); at = depts.find((d) => d.id === at)?.parent ?? null) chain.add(at);
    return chain;
  };
  // Everyone's reach, so the other people's views and confirmations are only of what they may read.
  const reach = new Map(users.map((u) => [u.id, { roles: rolesOf(u.id), chain: chainOf(u.dept) }]));
  // Roles an administrator sends to: every role but the administrators' own.
  const audienceRoles = roles.filter((r) => r.key !== 'admin').map((r) => r.id);
  const demoMax = Number((await sink.all('select coalesce(max(id), 0) as m from articles'))[0]?.m ?? 0);
  const typeMax = Number((await sink.all('select coalesce(max(id), 0) as m from article_types'))[0]?.m ?? 0);

  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const out: Record<TableName, Row[]> = {
    article_types: [],
    articles: [],
    article_audience: [],
    article_audience_rules: [],
    article_view_confirms: [],
    article_views: [],
  };

  const spanStart = now - THREE_YEARS_MS;
  TYPES.forEach((type, i) =>
    out.article_types.push({
      id: typeMax + i + 1,
      name: type.name,
      sort: (i + 1) * 10,
      created_at: iso(spanStart),
      updated_at: iso(spanStart),
    }),
  );
  const typeEntries = TYPES.map((type, i) => [{ id: typeMax + i + 1, type }, type.weight * (1 - UNTYPED_SHARE)] as const);

  const mix: Record<ArticleState, number> = { open: 0, 'open-until': 0, expired: 0, scheduled: 0, draft: 0, withdrawn: 0 };
  let withAudience = 0;
  for (let i = 0; i < options.articles; i++) {
    const id = demoMax + i + 1;
    const state = weighted(STATE_WEIGHTS);
    mix[state]++;
    // Ids in publish order over the last three years; scheduled ones open in the coming weeks.
    const at = spanStart + (THREE_YEARS_MS * (i + rand())) / options.articles;
    const publishedAt = state === 'scheduled' ? now + (1 + rand() * 30) * DAY_MS : at;
    const expireAt =
      state === 'expired'
        ? Math.min(now - DAY_MS, publishedAt + (7 + rand() * 60) * DAY_MS)
        : state === 'open-until'
          ? now + (1 + rand() * 180) * DAY_MS
          : null;
    const typed = rand() >= UNTYPED_SHARE ? weighted(typeEntries) : null;
    const topic = pick(typed?.type.topics ?? TYPES.flatMap((t) => t.topics));
    const title = `${pick(FORMS).replace('{t}', topic)}（${new Date(at).getUTCFullYear()}-${String(i % 1000).padStart(3, '0')}）`;
    const forced = state !== 'draft' && rand() < FORCED_SHARE;
    const paragraphs = some(PARAGRAPHS, 3 + Math.floor(rand() * 3));
    const created = at - rand() * 2 * DAY_MS;
    out.articles.push({
      id,
      title,
      content:
        `<h2>${topic}</h2>` +
        paragraphs.map((p) => `<p>${p}</p>`).join('') +
        '<table><tbody><tr><th>事项</th><th>时间</th><th>负责部门</th></tr>' +
        `<tr><td>${topic}</td><td>${new Date(publishedAt).toISOString().slice(0, 10)}</td><td>综合管理部</td></tr></tbody></table>` +
        '<p style="text-align:right">综合管理部</p>',
      force_view: forced ? 1 : 0,
      status: state === 'draft' ? 0 : state === 'withdrawn' ? 2 : 1,
      author_id: pick(authors),
      published_at: state === 'draft' ? null : iso(publishedAt),
      created_at: iso(created),
      type_id: typed?.id ?? null,
      summary: `${topic}：${paragraphs[0]?.slice(0, 40) ?? ''}`,
      cover_file_id: null,
      expire_at: expireAt === null ? null : iso(expireAt),
      is_pinned: state !== 'draft' && rand() < PINNED_SHARE ? 1 : 0,
      force_deadline: forced && rand() < 0.5 ? iso(publishedAt + (3 + rand() * 14) * DAY_MS) : null,
      updated_at: iso(state === 'withdrawn' ? publishedAt + rand() * 10 * DAY_MS : created),
    });

    if (rand() < AUDIENCE_SHARE) {
      withAudience++;
      const kind = weighted([
        ['dept', 0.4],
        ['role', 0.25],
        ['people', 0.25],
        ['dept+people', 0.1],
      ] as const);
      if (kind === 'dept' || kind === 'dept+people') {
        for (const dept of some(depts, 1 + Math.floor(rand() * 3)))
          out.article_audience_rules.push({ article_id: id, kind: 'dept', ref_id: dept.id });
      }
      if (kind === 'role') {
        for (const role of some(audienceRoles, 1 + Math.floor(rand() * 2)))
          out.article_audience_rules.push({ article_id: id, kind: 'role', ref_id: role });
      }
      if (kind === 'people' || kind === 'dept+people') {
        for (const user of some(users, 2 + Math.floor(rand() * 14))) out.article_audience.push({ article_id: id, user_id: user.id });
      }
    }
  }

  // ---- who may read what (articles.repo.ts readableBy), demo articles included
  const demo = await sink.all(`select id, status, published_at, expire_at, force_view from articles where id <= ${demoMax}`);
  const demoPeople = await sink.all(`select article_id, user_id from article_audience where article_id <= ${demoMax}`);
  const demoConfirms = await sink.all(`select article_id, user_id from article_view_confirms where article_id <= ${demoMax}`);
  const peopleOf = new Map<number, Set<number>>();
  const rulesOf = new Map<number, { kind: string; ref: number }[]>();
  for (const row of [...demoPeople, ...out.article_audience]) {
    const set = peopleOf.get(Number(row.article_id)) ?? new Set<number>();
    set.add(Number(row.user_id));
    peopleOf.set(Number(row.article_id), set);
  }
  for (const row of out.article_audience_rules) {
    const list = rulesOf.get(Number(row.article_id)) ?? [];
    list.push({ kind: String(row.kind), ref: Number(row.ref_id) });
    rulesOf.set(Number(row.article_id), list);
  }
  // pg answers timestamptz as a Date, SQLite as ISO text.
  const timeOf = (value: Value | Date) => (value === null ? null : new Date(value).getTime());
  const all = [...demo, ...out.articles].map((a) => ({
    id: Number(a.id),
    status: Number(a.status),
    published: timeOf(a.published_at ?? null),
    expire: timeOf(a.expire_at ?? null),
    forced: Number(a.force_view) === 1,
    deadline: timeOf(a.force_deadline ?? null),
  }));
  const mayRead = (userId: number, article: (typeof all)[number]) => {
    if (article.status !== 1) return false;
    if (article.published !== null && article.published > now) return false;
    if (article.expire !== null && article.expire <= now) return false;
    const people = peopleOf.get(article.id);
    const rules = rulesOf.get(article.id);
    if (!people && !rules) return true;
    if (people?.has(userId)) return true;
    const who = reach.get(userId);
    return (rules ?? []).some((r) => (r.kind === 'dept' ? who?.chain.has(r.ref) : who?.roles.has(r.ref)) ?? false);
  };

  // ---- readers: zhangsan opens about half of his and confirms all his forced ones but the newest two; the others
  // open a quarter of theirs and confirm most of their forced ones.
  const confirmed = new Set(demoConfirms.map((c) => `${String(c.article_id)}:${String(c.user_id)}`));
  let readable = 0;
  let unread = 0;
  let pendingForced = 0;
  const benchForced = all.filter((a) => a.forced && mayRead(bench.id, a));
  const unconfirmed = new Set(benchForced.slice(-2).map((a) => a.id));
  for (const user of users) {
    const isBench = user.id === bench.id;
    for (const article of all) {
      if (!mayRead(user.id, article)) continue;
      const published = article.published ?? now;
      let seen = false;
      if (article.forced && article.id > demoMax && (isBench ? !unconfirmed.has(article.id) : rand() < 0.8)) {
        out.article_view_confirms.push({
          article_id: article.id,
          user_id: user.id,
          confirmed_at: iso(Math.min(now, published + rand() * 2 * DAY_MS)),
        });
        confirmed.add(`${article.id}:${user.id}`);
        seen = true;
      }
      if (rand() < (isBench ? 0.5 : 0.25)) {
        const first = Math.min(now, published + rand() * 5 * DAY_MS);
        out.article_views.push({
          article_id: article.id,
          user_id: user.id,
          first_viewed_at: iso(first),
          last_viewed_at: iso(Math.min(now, first + rand() * 30 * DAY_MS)),
          view_count: 1 + Math.floor(rand() * 4),
        });
        seen = true;
      }
      if (!isBench) continue;
      readable++;
      const isConfirmed = confirmed.has(`${article.id}:${user.id}`);
      if (!seen && !isConfirmed) unread++;
      if (article.forced && !isConfirmed && (article.deadline === null || article.deadline > now)) pendingForced++;
    }
  }

  let rows = 0;
  await sink.exec('begin');
  for (const table of Object.keys(TABLES) as TableName[]) {
    await insertChunked(sink, table, out[table]);
    rows += out[table].length;
  }
  await sink.exec('commit');
  if (engine === 'postgres') {
    for (const table of ['article_types', 'articles']) {
      await sink.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    // What autovacuum would have done by the time a real database holds this many articles.
    await sink.exec('vacuum analyze');
  }
  return {
    articles: options.articles,
    types: TYPES.length,
    seconds: (Date.now() - started) / 1000,
    rows,
    benchUser: ARTICLES_USER,
    readable,
    unread,
    pendingForced,
    withAudience,
    mix,
  };
}
