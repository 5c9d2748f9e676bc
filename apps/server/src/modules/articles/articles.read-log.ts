import {
  ARTICLE_STATUS_LABELS,
  ArticleAdminMessages,
  ArticleReadLogQueryZ,
  ArticleStatus,
  NO_DEPT_NAME,
  type ArticleReadDept,
  type ArticleReadLog,
  type ArticleReadLogQuery,
  type ArticleReadPerson,
  type ReadState,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import * as directory from '../directory/directory.service';
import { audiencePeople } from './articles.audience';
import { authorizeArticleAdmin } from './articles.policy';
import * as logRepo from './article-read-log.repo';
import * as repo from './articles.repo';

/**
 * 阅读记录 (issue 15, docs/articles-api.md "Read log"): for one article, who of its audience opened it and who
 * confirmed it when, who has not, by department, with counts and a completion percentage. The audience is read as
 * it is now (rules, not a list fixed at publishing: docs/decisions.md "Articles"); someone who read the article and
 * is no longer in it is listed, marked `outside`, and not counted — the counts are of the people meant to read it.
 */

/** The day on the company's calendar (Asia/Shanghai, DESIGN §4), YYYY-MM-DD: 提醒 is once per such day. */
export function companyDay(now: number = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The percentage of `part` in `whole`, rounded down so 100 means everyone; 0 when there is nobody. */
function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.floor((part * 100) / whole);
}

const STATE_ORDER: Record<ReadState, number> = { unread: 0, opened: 1, confirmed: 2 };
const byName = new Intl.Collator('zh-CN');

interface Counted {
  total: number;
  opened: number;
  confirmed: number;
}

function countOf(people: readonly ArticleReadPerson[]): Counted {
  const counted = people.filter((p) => !p.outside);
  return {
    total: counted.length,
    opened: counted.filter((p) => p.state !== 'unread').length,
    confirmed: counted.filter((p) => p.state === 'confirmed').length,
  };
}

/** The completion of a forced article is its confirmations; of any other, its readers. */
function completionOf(counted: Counted, isForced: boolean): number {
  return percent(isForced ? counted.confirmed : counted.opened, counted.total);
}

export interface ReadLogFacts {
  article: NonNullable<Awaited<ReturnType<typeof repo.findArticle>>>;
  isForced: boolean;
  /** Everyone listed, each once, in no particular order, with their department's id. */
  people: (ArticleReadPerson & { dept_id: number | null })[];
}

/** The article and everyone its log lists, as the tables say now. */
export async function readLogFacts(ctx: AppContext, id: number): Promise<ReadLogFacts> {
  const article = await repo.findArticle(ctx.db, id);
  if (!article) throw new NotFoundError(ArticleAdminMessages.notFound);
  const [audience, views, confirms] = await Promise.all([
    repo.audienceOf(ctx.db, id),
    logRepo.viewsOf(ctx.db, id),
    logRepo.confirmsOf(ctx.db, id),
  ]);
  const meant = await audiencePeople(ctx, ctx.db, audience);
  const viewOf = new Map(views.map((v) => [v.user_id, v]));
  const confirmOf = new Map(confirms.map((c) => [c.user_id, c.confirmed_at]));
  const ids = new Set([...meant, ...viewOf.keys(), ...confirmOf.keys()]);
  const isForced = article.force_view === 1;
  const rows = await directory.personRows(ctx.db, [...ids]);
  const people = rows.map((row) => {
    const view = viewOf.get(row.id);
    const confirmedAt = confirmOf.get(row.id) ?? null;
    // A confirmation of an article no longer forced still means it was read.
    const state: ReadState = isForced && confirmedAt !== null ? 'confirmed' : view || confirmedAt !== null ? 'opened' : 'unread';
    return {
      user_id: row.id,
      name: row.name,
      username: row.username,
      dept_id: row.dept_id,
      dept_name: row.dept_name ?? NO_DEPT_NAME,
      first_opened_at: view?.first_viewed_at ?? null,
      last_opened_at: view?.last_viewed_at ?? null,
      open_count: view ? Number(view.view_count) : 0,
      confirmed_at: confirmedAt,
      state,
      ...(meant.has(row.id) ? {} : { outside: true as const }),
    };
  });
  return { article, isForced, people };
}

/** Whether the person passes the log's filters (which narrow the people listed, never the counts). */
function matches(person: ArticleReadPerson, query: ArticleReadLogQuery): boolean {
  if (query.state !== undefined && person.state !== query.state) return false;
  if (!query.keyword) return true;
  const keyword = query.keyword.toLowerCase();
  return person.name.toLowerCase().includes(keyword) || person.username.toLowerCase().includes(keyword);
}

/**
 * The departments with their people: in the directory's order (people without a department last), each person by
 * state (unread first) then name. A department is listed while it has someone listed.
 */
export async function groupByDept(ctx: AppContext, facts: ReadLogFacts, query: ArticleReadLogQuery): Promise<ArticleReadDept[]> {
  const order = new Map((await directory.deptRows(ctx)).map((row, index) => [row.id, index]));
  const groups = new Map<number | null, (ArticleReadPerson & { dept_id: number | null })[]>();
  for (const person of facts.people) {
    // A department removed since stays a group of its own, named as the person's row names it.
    const key = person.dept_id;
    groups.set(key, [...(groups.get(key) ?? []), person]);
  }
  const place = (id: number | null) => (id === null ? Number.MAX_SAFE_INTEGER : (order.get(id) ?? Number.MAX_SAFE_INTEGER - 1));
  const depts: ArticleReadDept[] = [];
  for (const [deptId, all] of [...groups].sort(([a], [b]) => place(a) - place(b) || (a ?? 0) - (b ?? 0))) {
    const listed = all
      .filter((p) => matches(p, query))
      .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || byName.compare(a.name, b.name) || a.user_id - b.user_id)
      .map(({ dept_id: _dept, ...person }) => person);
    if (listed.length === 0) continue;
    const counted = countOf(all);
    depts.push({
      dept_id: deptId,
      dept_name: all[0]?.dept_name ?? NO_DEPT_NAME,
      ...counted,
      completion: completionOf(counted, facts.isForced),
      people: listed,
    });
  }
  return depts;
}

function statusOf(value: number): ArticleStatus {
  return value === ArticleStatus.published || value === ArticleStatus.withdrawn ? value : ArticleStatus.draft;
}

/** GET /api/article/view/log?id=&state=&keyword= (article_admin). */
export async function getReadLog(ctx: AppContext, caller: Caller, query: unknown): Promise<ArticleReadLog> {
  authorizeArticleAdmin(caller);
  const input = parse(ArticleReadLogQueryZ, query);
  const facts = await readLogFacts(ctx, input.id);
  const [depts, isRemindedToday] = await Promise.all([
    groupByDept(ctx, facts, input),
    logRepo.isRemindedOn(ctx.db, input.id, companyDay()),
  ]);
  const counted = countOf(facts.people);
  const status = statusOf(facts.article.status);
  return {
    article: {
      id: facts.article.id,
      title: facts.article.title,
      forceView: facts.article.force_view,
      status,
      status_label: ARTICLE_STATUS_LABELS[status],
      published_at: facts.article.published_at,
    },
    ...counted,
    unread: counted.total - counted.opened,
    completion: completionOf(counted, facts.isForced),
    depts,
    reminded_today: isRemindedToday,
    abilities: { remind: status === ArticleStatus.published && !isRemindedToday },
  };
}
