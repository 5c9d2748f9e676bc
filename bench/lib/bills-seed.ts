/**
 * The approval-bills generator (issue 4 bench). Runs after the OSP server's first start has migrated the
 * database and seeded the demo company, with the server stopped. It adds `users` users (all with the
 * password hash of the demo user zhangsan, i.e. password Demo@1234 — no hashing at all) and `bills` bills.
 *
 * Every generated bill is a copy of one of the demo bills, which the real engine wrote on first start
 * (apps/server/src/seed/demo-approval.ts): its bills row, items, activations, steps, tasks and events,
 * with the bill id and the "<bill>-<a|s|t><n>" row ids renumbered, the initiator and every handler
 * replaced by generated users, and all timestamps moved into the last three years. So every row has the
 * shape the engine writes, across all demo templates and statuses (drafts, doing with pending tasks,
 * done, rejected, withdrawn, abandoned).
 *
 * Two sets of bills are placed evenly over the id range:
 * - `todo` copies of demo bills waiting for 李四 keep 李四 as handler: the benchmark user `lisi` has the
 *   same todo box (those plus his demo ones) whatever the number of bills;
 * - `agreeTasks` copies of the demo bills waiting for 李四 at an or-sign step give that pending task to the
 *   generated user `benchagree`, whose tasks the agree load decides.
 *
 * Rows go in with batched inserts in large transactions: prepared better-sqlite3 statements for SQLite,
 * `INSERT … SELECT FROM unnest(<one array per column>)` with pg for PostgreSQL.
 */
import path from 'node:path';
import type { EngineSetup } from './engines';
import { insertChunked, pgSink, sqliteSink, type ColumnType, type Row, type Sink, type Value } from './seed-sink';

export interface BillsSeedOptions {
  bills: number;
  users: number;
  /** Bills waiting for lisi among the generated ones. */
  todo: number;
  /** Pending tasks of `benchagree`, for the agree load. */
  agreeTasks: number;
}

export interface BillsSeedResult {
  bills: number;
  users: number;
  seconds: number;
  /** Rows written into the six bill tables. */
  rows: number;
  benchUser: string;
  /** lisi's pending tasks after seeding (his todo box). */
  todoCount: number;
  /** A bill lisi has a pending task on: the detail target. */
  detailBillId: number;
  agreeUser: string;
  /** Pending task ids of the agree user, in id order. */
  agreeTaskIds: string[];
}

export const BENCH_USER = 'lisi';
export const AGREE_USER = 'benchagree';

const TABLES = {
  bills: {
    id: 'int',
    template_id: 'int',
    template_version_id: 'int',
    title: 'text',
    initiator_id: 'int',
    dept_id: 'int',
    status: 'text',
    form_json: 'text',
    chosen_json: 'text',
    route_json: 'text',
    rejected_node_id: 'text',
    current_node_name: 'text',
    version: 'int',
    client_key: 'text',
    created_at: 'ts',
    updated_at: 'ts',
    released_at: 'ts',
    finished_at: 'ts',
  },
  bill_items: { bill_id: 'int', field: 'text', seq: 'int', data_json: 'text' },
  bill_activations: { id: 'text', bill_id: 'int', node_id: 'text', cause: 'text', status: 'text', entered_at: 'ts', left_at: 'ts' },
  bill_steps: {
    id: 'text',
    bill_id: 'int',
    activation_id: 'text',
    step_id: 'text',
    name: 'text',
    type: 'text',
    idx: 'int',
    status: 'text',
    ended_at: 'ts',
  },
  bill_tasks: {
    id: 'text',
    bill_id: 'int',
    step_run_id: 'text',
    activation_id: 'text',
    original_handler: 'int',
    acting_handler: 'int',
    on_behalf_of: 'int',
    via: 'text',
    transferred_from: 'text',
    ord: 'int',
    status: 'text',
    comment: 'text',
    created_at: 'ts',
    decided_at: 'ts',
    is_auto: 'int',
  },
  bill_events: {
    bill_id: 'int',
    seq: 'int',
    at: 'ts',
    actor: 'int',
    action: 'text',
    node_id: 'text',
    step_run_id: 'text',
    task_id: 'text',
    on_behalf_of: 'int',
    to_user: 'int',
    comment: 'text',
    before_status: 'text',
    after_status: 'text',
  },
  users: {
    username: 'text',
    password_hash: 'text',
    name: 'text',
    sex: 'text',
    dept_id: 'int',
    station: 'text',
    mail: 'text',
    mobile: 'text',
    status: 'int',
    created_at: 'ts',
    updated_at: 'ts',
  },
  user_roles: { user_id: 'int', role_id: 'int' },
} as const satisfies Record<string, Record<string, ColumnType>>;
type TableName = keyof typeof TABLES;
const CHILD_TABLES = ['bill_items', 'bill_activations', 'bill_steps', 'bill_tasks', 'bill_events'] as const;

/** Deterministic pseudo-random numbers (mulberry32), so that every run seeds the same data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏辉建国飞波宁雪琳晨博文斌浩宇欣怡佳慧俊凯婷颖鑫'.split('');

interface Prototype {
  bill: Row;
  children: Record<(typeof CHILD_TABLES)[number], Row[]>;
  /** lisi has a pending task on it. */
  waitsForLisi: boolean;
  /** lisi's pending task is the only pending one of its step (one agree decides the step). */
  orSignForLisi: boolean;
}

const WEIGHTS: Record<string, number> = { done: 0.5, doing: 0.17, draft: 0.1, rejected: 0.09, withdrawn: 0.07, abandoned: 0.07 };
const THREE_YEARS_MS = 3 * 365 * 86_400_000;
const TS_COLUMNS = Object.fromEntries(
  Object.entries(TABLES).map(([table, spec]) => [table, Object.keys(spec).filter((c) => (spec as Record<string, ColumnType>)[c] === 'ts')]),
) as Record<TableName, string[]>;

const renumber = (id: Value, billId: number): Value => (typeof id === 'string' ? `${billId}${id.slice(id.indexOf('-'))}` : id);
const shift = (value: Value, deltaMs: number): Value =>
  typeof value === 'string' ? new Date(Date.parse(value) + deltaMs).toISOString() : value;

export async function seedBills(setup: EngineSetup, options: BillsSeedOptions): Promise<BillsSeedResult> {
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
  options: BillsSeedOptions,
  started: number,
): Promise<BillsSeedResult> {
  const rand = random(4);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  // ---- the demo company
  const demoUsers = await sink.all('select id, username, name, dept_id, password_hash from users');
  const userId = (username: string) => {
    const row = demoUsers.find((u) => u.username === username);
    if (!row) throw new Error(`bills seed: demo user ${username} missing — has the demo company been seeded?`);
    return Number(row.id);
  };
  const lisi = userId(BENCH_USER);
  const passwordHash = demoUsers.find((u) => u.username === 'zhangsan')?.password_hash ?? null;
  const nameOf = new Map(demoUsers.map((u) => [Number(u.id), String(u.name)]));
  const depts = (await sink.all('select id from depts where parent_id is not null')).map((d) => Number(d.id));
  const staffRole = Number((await sink.all("select id from roles where key = 'staff'"))[0]?.id ?? 0);

  // ---- generated users: benchagree first, then u00002 …
  const now = new Date().toISOString();
  const userRows: Row[] = [];
  for (let i = 1; i <= options.users; i++) {
    const username = i === 1 ? AGREE_USER : `u${String(i).padStart(5, '0')}`;
    userRows.push({
      username,
      password_hash: passwordHash,
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[(i * 7) % GIVEN.length]}`,
      sex: i % 2 === 0 ? '2' : '1',
      dept_id: pick(depts),
      station: '职员',
      mail: `${username}@xinghe-tech.cn`,
      mobile: `139${String(i).padStart(8, '0')}`,
      status: 1,
      created_at: now,
      updated_at: now,
    });
  }
  await sink.exec('begin');
  await insertChunked(sink, 'users', userRows);
  const generated = await sink.all(
    `select id, name, dept_id from users where username = '${AGREE_USER}' or username like 'u%' order by id`,
  );
  await insertChunked(
    sink,
    'user_roles',
    generated.map((u) => ({ user_id: u.id ?? null, role_id: staffRole })),
  );
  await sink.exec('commit');
  const people = generated.map((u) => ({ id: Number(u.id), name: String(u.name), dept: u.dept_id === null ? null : Number(u.dept_id) }));
  const agreeUser = people[0];
  if (!agreeUser) throw new Error('bills seed: no users generated');
  const others = people.slice(1);

  // ---- prototypes: the demo bills the engine wrote on first start
  const protoBills = await sink.all('select * from bills order by id');
  const byBill = async (table: (typeof CHILD_TABLES)[number]) => {
    const rows = await sink.all(`select * from ${table}`);
    const map = new Map<number, Row[]>();
    for (const row of rows) {
      const list = map.get(Number(row.bill_id)) ?? [];
      list.push(row);
      map.set(Number(row.bill_id), list);
    }
    return map;
  };
  // One query at a time: a pg.Client runs one statement at a time.
  const childMaps = {} as Record<(typeof CHILD_TABLES)[number], Map<number, Row[]>>;
  for (const table of CHILD_TABLES) childMaps[table] = await byBill(table);
  const prototypes: Prototype[] = protoBills.map((bill) => {
    const children = Object.fromEntries(CHILD_TABLES.map((t) => [t, childMaps[t].get(Number(bill.id)) ?? []])) as Prototype['children'];
    const lisiPending = children.bill_tasks.filter((t) => t.status === 'pending' && Number(t.acting_handler) === lisi);
    const orSignForLisi = lisiPending.some(
      (task) => children.bill_tasks.filter((t) => t.step_run_id === task.step_run_id && t.status === 'pending').length === 1,
    );
    return { bill, children, waitsForLisi: lisiPending.length > 0, orSignForLisi };
  });
  if (prototypes.length === 0) throw new Error('bills seed: no demo bills to copy');
  const byStatus = new Map<string, Prototype[]>();
  for (const p of prototypes) byStatus.set(String(p.bill.status), [...(byStatus.get(String(p.bill.status)) ?? []), p]);
  const statuses = [...byStatus.keys()];
  const weightSum = statuses.reduce((sum, s) => sum + (WEIGHTS[s] ?? 0.05), 0);
  const forLisi = prototypes.filter((p) => p.waitsForLisi);
  const forAgree = prototypes.filter((p) => p.orSignForLisi);
  if (options.todo > 0 && forLisi.length === 0) throw new Error('bills seed: no demo bill waits for lisi');
  if (options.agreeTasks > 0 && forAgree.length === 0) throw new Error('bills seed: no demo bill waits for lisi alone at a step');
  const pickByStatus = () => {
    let r = rand() * weightSum;
    for (const s of statuses) {
      r -= WEIGHTS[s] ?? 0.05;
      if (r <= 0) return pick(byStatus.get(s) ?? []);
    }
    return pick(prototypes);
  };

  // Where the special bills go: evenly spread, todo ones first in each stride, agree ones in the middle.
  const special = (count: number, offset: number) => {
    const set = new Set<number>();
    if (count <= 0) return set;
    const stride = options.bills / count;
    for (let k = 0; k < count; k++) set.add(Math.min(options.bills - 1, Math.floor(k * stride + offset * stride)));
    return set;
  };
  const todoAt = special(Math.min(options.todo, options.bills), 0.25);
  const agreeAt = special(Math.min(options.agreeTasks, options.bills - todoAt.size), 0.75);
  for (const i of todoAt) agreeAt.delete(i);

  const firstId = Number((await sink.all('select coalesce(max(id), 0) as m from bills'))[0]?.m ?? 0) + 1;
  const spanStart = Date.now() - THREE_YEARS_MS;
  let rows = 0;
  let detailBillId = 0;
  const agreeTaskIds: string[] = [];
  const CHUNK = 20_000;
  for (let from = 0; from < options.bills; from += CHUNK) {
    const out: Record<'bills' | (typeof CHILD_TABLES)[number], Row[]> = {
      bills: [],
      bill_items: [],
      bill_activations: [],
      bill_steps: [],
      bill_tasks: [],
      bill_events: [],
    };
    for (let i = from; i < Math.min(options.bills, from + CHUNK); i++) {
      const billId = firstId + i;
      const role = todoAt.has(i) ? 'todo' : agreeAt.has(i) ? 'agree' : 'plain';
      const proto = role === 'todo' ? pick(forLisi) : role === 'agree' ? pick(forAgree) : pickByStatus();
      const initiator = pick(others);
      const protoInitiator = Number(proto.bill.initiator_id);
      const users = new Map<number, number>([[protoInitiator, initiator.id]]);
      if (role === 'todo') users.set(lisi, lisi);
      if (role === 'agree') users.set(lisi, agreeUser.id);
      const user = (id: Value): Value => {
        if (id === null) return null;
        const old = Number(id);
        let mapped = users.get(old);
        if (mapped === undefined) {
          mapped = pick(others).id;
          users.set(old, mapped);
        }
        return mapped;
      };
      // Bills are created in id order over the last three years; each keeps its own internal timing.
      const created = spanStart + (THREE_YEARS_MS * i) / options.bills + rand() * 3_600_000;
      const delta = Math.min(created - Date.parse(String(proto.bill.created_at)), Date.now() - Date.parse(String(proto.bill.updated_at)));
      const withTimes = (table: TableName, row: Row): Row => {
        for (const column of TS_COLUMNS[table]) row[column] = shift(row[column] ?? null, delta);
        return row;
      };
      const oldName = nameOf.get(protoInitiator) ?? '';
      const chosen = String(proto.bill.chosen_json);
      out.bills.push(
        withTimes('bills', {
          ...proto.bill,
          id: billId,
          title: oldName ? String(proto.bill.title).replace(oldName, initiator.name) : String(proto.bill.title),
          initiator_id: initiator.id,
          dept_id: initiator.dept,
          chosen_json:
            chosen === '{}'
              ? chosen
              : JSON.stringify(
                  Object.fromEntries(
                    Object.entries(JSON.parse(chosen) as Record<string, number[]>).map(([k, ids]) => [k, ids.map((u) => user(u))]),
                  ),
                ),
          client_key: null,
        }),
      );
      for (const item of proto.children.bill_items)
        out.bill_items.push({ bill_id: billId, field: item.field ?? '', seq: item.seq ?? 0, data_json: item.data_json ?? '' });
      for (const a of proto.children.bill_activations)
        out.bill_activations.push(withTimes('bill_activations', { ...a, id: renumber(a.id ?? null, billId), bill_id: billId }));
      for (const s of proto.children.bill_steps) {
        out.bill_steps.push(
          withTimes('bill_steps', {
            ...s,
            id: renumber(s.id ?? null, billId),
            bill_id: billId,
            activation_id: renumber(s.activation_id ?? null, billId),
          }),
        );
      }
      for (const t of proto.children.bill_tasks) {
        const task: Row = withTimes('bill_tasks', {
          ...t,
          id: renumber(t.id ?? null, billId),
          bill_id: billId,
          step_run_id: renumber(t.step_run_id ?? null, billId),
          activation_id: renumber(t.activation_id ?? null, billId),
          original_handler: user(t.original_handler ?? null),
          acting_handler: user(t.acting_handler ?? null),
          on_behalf_of: user(t.on_behalf_of ?? null),
          transferred_from: renumber(t.transferred_from ?? null, billId),
        });
        out.bill_tasks.push(task);
        if (task.status === 'pending' && task.acting_handler === lisi) detailBillId = billId;
        if (role === 'agree' && task.status === 'pending' && task.acting_handler === agreeUser.id) agreeTaskIds.push(String(task.id));
      }
      for (const e of proto.children.bill_events) {
        out.bill_events.push(
          withTimes('bill_events', {
            ...e,
            bill_id: billId,
            actor: user(e.actor ?? null),
            step_run_id: renumber(e.step_run_id ?? null, billId),
            task_id: renumber(e.task_id ?? null, billId),
            on_behalf_of: user(e.on_behalf_of ?? null),
            to_user: user(e.to_user ?? null),
          }),
        );
      }
    }
    await sink.exec('begin');
    for (const table of ['bills', ...CHILD_TABLES] as const) {
      await insertChunked(sink, table, out[table]);
      rows += out[table].length;
    }
    await sink.exec('commit');
    const done = Math.min(options.bills, from + CHUNK);
    if (done % 200_000 === 0 || done === options.bills) {
      console.log(`    ${done.toLocaleString('en-US')} bills (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }

  if (engine === 'postgres') {
    for (const table of ['users', 'bills', 'bill_items']) {
      await sink.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    // What autovacuum would have done by the time a real database holds a million bills.
    await sink.exec('vacuum analyze');
  }
  const todoCount = Number(
    (await sink.all(`select count(*) as n from bill_tasks where acting_handler = ${lisi} and status = 'pending'`))[0]?.n ?? 0,
  );
  if (detailBillId === 0) {
    detailBillId = Number(
      (await sink.all(`select max(bill_id) as b from bill_tasks where acting_handler = ${lisi} and status = 'pending'`))[0]?.b ?? 0,
    );
  }
  return {
    bills: options.bills,
    users: options.users,
    seconds: (Date.now() - started) / 1000,
    rows,
    benchUser: BENCH_USER,
    todoCount,
    detailBillId,
    agreeUser: AGREE_USER,
    agreeTaskIds,
  };
}
