/**
 * The surveys generator (issue 16 bench). Runs after the OSP server's first start has migrated the database and seeded
 * the demo company, with the server stopped. It writes:
 *
 * - `people` people (`sv00001` …), as bills-seed.ts makes its users: the password hash of the demo user zhangsan
 *   (password Demo@1234, nothing hashed), Chinese names, spread over the departments, role `staff`;
 * - **the fill survey**: a released 20-question survey (the mix below, one rule), targeted at those people one by one
 *   (`survey_targets` kind `user`) with one `survey_assignments` row each in state `pending`, as a release writes them;
 * - **the results survey**: a second released survey with the same questions and a public link (named: each public
 *   respondent types a name), holding `responses` responses (`survey_responses`, user id null as a public fill stores
 *   them), with their counters and texts — `survey_result_cells` summed per (survey, question, cell, person rated)
 *   from `tallySurveyAnswers` and `survey_result_texts` from `surveyAnswerTexts`, exactly as the submit path
 *   (apps/server/src/modules/surveys/survey-counters.ts) adds them one response at a time.
 *
 * Both definitions pass `SurveyDefinitionZ` and are stored in its canonical form (as release stores them); every
 * generated answer set passes `validateSubmission` and the clean answers it returns are what is stored or sent, so
 * nothing here is what the product would refuse. The generator also counts a few figures of the results survey on its
 * own (without the tally code), so the suite can check the summary's answer before timing it.
 *
 * The fill load's bodies (one per person: version, 20 answers, `started_at`) are made here too; the people's sessions
 * are written by `writeFillSessions` just before the fill server starts.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyDefinitionZ,
  sumSurveyCells,
  surveyAnswerTexts,
  surveyQuestions,
  tallySurveyAnswers,
  validateSubmission,
  type SurveyAnswers,
  type SurveyDefinition,
} from '@osp/shared';
import type { EngineSetup } from './engines';
import { insertChunked, pgSink, sqliteSink, type ColumnType, type Row, type Sink } from './seed-sink';
import { random } from './bills-seed';

export const SURVEYS_ADMIN = 'admin';
export const SURVEYS_PASSWORD = 'Demo@1234';

export interface SurveysSeedOptions {
  people: number;
  responses: number;
}

/** What the generator knows of the results survey, counted from the answers it wrote. */
export interface SurveysExpected {
  responses: number;
  /** The first single-choice question: picks per option id. */
  singleQuestion: string;
  singleCounts: Record<string, number>;
  /** The NPS question's promoters (9–10), passives (7–8), detractors (0–6). */
  npsQuestion: string;
  nps: { promoters: number; passives: number; detractors: number };
  /** The 5-star rating's average, rounded to 2 decimals as the results round it. */
  ratingQuestion: string;
  ratingAverage: number;
  /** The required short text: the newest response's text (the results list the newest first). */
  textQuestion: string;
  newestText: string;
}

export interface SurveysSeedInfo {
  people: number;
  responses: number;
  questions: number;
  seconds: number;
  /** Rows written (people, roles, surveys, targets, assignments, responses, counters, texts). */
  rows: number;
  fillSurveyId: number;
  fillVersionId: number;
  resultsSurveyId: number;
  /** survey_result_cells rows of the results survey. */
  cells: number;
  /** survey_result_texts rows of the results survey. */
  texts: number;
  expected: SurveysExpected;
}

export interface SurveysSeed {
  info: SurveysSeedInfo;
  /** The fill survey's people, in id order, and each one's request body (same index). */
  fillUserIds: number[];
  fillBodies: string[];
}

const TABLES = {
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
  surveys: {
    id: 'int',
    kind: 'text',
    name: 'text',
    description: 'text',
    status: 'int',
    deadline: 'ts',
    definition: 'text',
    version_id: 'int',
    released_at: 'ts',
    created_by: 'int',
    created_at: 'ts',
    updated_at: 'ts',
  },
  survey_versions: { id: 'int', survey_id: 'int', version_no: 'int', definition: 'text', created_by: 'int', created_at: 'ts' },
  survey_targets: { survey_id: 'int', kind: 'text', ref_id: 'int', exclude: 'int' },
  survey_assignments: { survey_id: 'int', user_id: 'int', ratee_id: 'int', state: 'text', assigned_at: 'ts' },
  survey_responses: {
    id: 'int',
    survey_id: 'int',
    version_id: 'int',
    user_id: 'int',
    ratee_id: 'int',
    once_key: 'text',
    respondent_name: 'text',
    dept_id: 'int',
    answers: 'text',
    duration_seconds: 'int',
    submitted_at: 'ts',
    updated_at: 'ts',
  },
  survey_result_cells: { survey_id: 'int', question_id: 'text', cell: 'text', ratee_id: 'int', n: 'int', total: 'float' },
  survey_result_texts: { survey_id: 'int', question_id: 'text', response_id: 'int', ratee_id: 'int', text: 'text', submitted_at: 'ts' },
  sessions: { token_hash: 'text', user_id: 'int', created_at: 'ts', last_seen_at: 'ts', expires_at: 'ts', ip: 'text', user_agent: 'text' },
} as const satisfies Record<string, Record<string, ColumnType>>;
type TableName = keyof typeof TABLES;

const opts = (prefix: string, labels: readonly string[]) => labels.map((label, i) => ({ id: `${prefix}${i + 1}`, label }));

const POSITIONS = opts('svPos', ['研发', '产品与设计', '销售与市场', '职能支持', '生产与交付']);
const CITIES = opts('svCity', ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '西安', '南京', '苏州', '重庆', '天津']);
const MODES = opts('svMode', ['全部在办公室', '全部远程', '混合办公']);
const ASPECTS = opts('svAsp', ['薪酬福利', '晋升机会', '培训学习', '办公环境', '团队氛围']);
const LEVELS = opts('svLvl', ['非常满意', '满意', '一般', '不满意']);
const LEADER = opts('svLead', ['沟通清楚', '支持到位', '公平公正', '专业能力']);
const BENEFITS = opts('svBen', ['餐补', '健身房', '培训与学习', '弹性工作时间', '补充医疗保险', '年度体检']);
const IMPROVE = opts('svImp', ['缩短会议时间', '改善办公设备', '明确晋升通道', '增加团建活动', '优化报销流程']);
const OUTING = opts('svOut', ['愿意', '不愿意', '看情况']);
const TRAINING = opts('svTrn', ['专业技能', '管理能力', '沟通表达', '外语', '行业知识', '职业规划']);
const AGES = opts('svAge', ['25 岁以下', '25–30 岁', '31–35 岁', '36–40 岁', '41–50 岁', '50 岁以上']);

/** The 20 questions: every type a satisfaction survey asks with (single, multiple, dropdown, rating, NPS, number, matrix, ranking, text, long text, date). */
export function benchDefinition(title: string, publicLink: boolean): SurveyDefinition {
  return {
    kind: 'survey',
    title,
    description: '本问卷用于了解员工对工作环境与管理的感受，约需 5 分钟。',
    settings: { ...SURVEY_SETTINGS_DEFAULT, publicLink },
    dimensions: [],
    pages: [
      {
        id: 'svPage1',
        title: '基本情况',
        questions: [
          { id: 'svQ01', type: 'single', title: '您所在的岗位类别', required: true, options: POSITIONS },
          { id: 'svQ02', type: 'dropdown', title: '您的工作城市', required: true, options: CITIES },
          { id: 'svQ03', type: 'number', title: '您在公司工作的年限（年）', required: true, min: 0, max: 40, decimals: 0 },
          { id: 'svQ04', type: 'date', title: '您的入职日期', required: true, min: '2000-01-01', max: 'today' },
          { id: 'svQ05', type: 'single', title: '您目前的工作方式', required: true, options: MODES },
        ],
      },
      {
        id: 'svPage2',
        title: '工作体验',
        questions: [
          { id: 'svQ06', type: 'rating', title: '总体而言，您对在公司工作的满意程度如何？', required: true, stars: 5 },
          { id: 'svQ07', type: 'textarea', title: '请告诉我们哪些方面让您不满意', required: false, maxLength: 1000 },
          { id: 'svQ08', type: 'nps', title: '您有多大可能向朋友推荐来公司工作？', required: true },
          { id: 'svQ09', type: 'matrix', title: '请评价以下方面', required: true, mode: 'single', rows: ASPECTS, columns: LEVELS },
          {
            id: 'svQ10',
            type: 'matrix',
            title: '请为您的直属上级打分',
            required: true,
            mode: 'rating',
            rows: LEADER,
            columns: [],
            stars: 5,
          },
          {
            id: 'svQ11',
            type: 'multiple',
            title: '您最看重的福利（最多 3 项）',
            required: true,
            maxPicks: 3,
            options: [...BENEFITS, { id: 'svBenNone', label: '以上都不是', exclusive: true }],
          },
          { id: 'svQ12', type: 'rating', title: '工作与生活的平衡（1–10 分）', required: true, stars: 10 },
          { id: 'svQ13', type: 'number', title: '最近一个月每周平均加班多少小时？', required: true, min: 0, max: 60, decimals: 1 },
          { id: 'svQ14', type: 'ranking', title: '请按优先级排列以下改进事项', required: true, options: IMPROVE },
        ],
      },
      {
        id: 'svPage3',
        title: '意见与建议',
        questions: [
          { id: 'svQ15', type: 'single', title: '您是否愿意参加年度团建活动？', required: true, options: OUTING },
          { id: 'svQ16', type: 'multiple', title: '您希望公司提供哪些方向的培训？', required: false, minPicks: 1, options: TRAINING },
          { id: 'svQ17', type: 'text', title: '您的联系邮箱（选填，便于回访）', required: false, validator: { kind: 'email' } },
          { id: 'svQ18', type: 'text', title: '用一句话形容您的团队', required: true, validator: { kind: 'none' }, maxLength: 50 },
          { id: 'svQ19', type: 'textarea', title: '其他意见或建议', required: false, maxLength: 2000 },
          { id: 'svQ20', type: 'dropdown', title: '您的年龄段', required: true, options: AGES },
        ],
      },
    ],
    rules: [
      {
        id: 'svRuleLow',
        when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'svQ06', operator: 'less', value: 3 }] },
        actions: [
          { type: 'show_question', questionId: 'svQ07' },
          { type: 'require', questionId: 'svQ07' },
        ],
      },
    ],
  };
}

const WHY_LOW = [
  '加班较多，休息时间不足。',
  '晋升通道不够清晰。',
  '薪酬与同行相比偏低。',
  '部门之间沟通成本高。',
  '办公设备老旧，显示器偏小。',
];
const TEAM = ['团结高效', '年轻有活力', '专业靠谱', '压力大但成长快', '互相支持', '氛围轻松', '目标清晰', '执行力强'];
const ADVICE = [
  '希望增加季度团建活动。',
  '食堂菜品可以更丰富一些。',
  '建议优化报销流程，减少纸质单据。',
  '希望有更多跨部门交流的机会。',
  '会议太多，希望提高会议效率。',
  '建议增加远程办公的天数。',
];
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红鹏辉建国飞波宁雪琳晨博文斌浩宇欣怡佳慧俊凯婷颖鑫'.split('');
const nameOf = (i: number) =>
  `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${GIVEN[(i * 7) % GIVEN.length]}`;

/** One person's answers, shaped as the respondent page sends them (then cleaned by validateSubmission). */
function answersOf(rand: () => number, email: string): SurveyAnswers {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const weighted = (weights: readonly number[]): number => {
    let r = rand() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r <= 0) return i;
    }
    return weights.length - 1;
  };
  /** `min`..`max` distinct ids of `list`, in the list's order. */
  const some = (list: readonly { id: string }[], min: number, max: number) => {
    const count = min + Math.floor(rand() * (max - min + 1));
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(Math.floor(rand() * list.length));
    return [...chosen].sort((a, b) => a - b).map((i) => list[i]?.id ?? '');
  };
  const day = new Date(Date.UTC(2005, 0, 1) + Math.floor(rand() * 7670) * 86_400_000).toISOString().slice(0, 10);
  const overall = 1 + weighted([0.05, 0.1, 0.25, 0.35, 0.25]);
  const shuffled = IMPROVE.map((o) => ({ id: o.id, key: rand() }))
    .sort((a, b) => a.key - b.key)
    .map((o) => o.id);
  const answers: SurveyAnswers = {
    svQ01: POSITIONS[weighted([0.4, 0.1, 0.2, 0.15, 0.15])]?.id ?? '',
    svQ02: pick(CITIES).id,
    svQ03: Math.floor(rand() * rand() * 25),
    svQ04: day,
    svQ05: MODES[weighted([0.6, 0.05, 0.35])]?.id ?? '',
    svQ06: overall,
    svQ08: weighted([0.02, 0.01, 0.02, 0.03, 0.04, 0.08, 0.1, 0.18, 0.2, 0.17, 0.15]),
    svQ09: Object.fromEntries(ASPECTS.map((row) => [row.id, LEVELS[weighted([0.25, 0.4, 0.25, 0.1])]?.id ?? ''])),
    svQ10: Object.fromEntries(LEADER.map((row) => [row.id, 1 + weighted([0.04, 0.08, 0.2, 0.38, 0.3])])),
    svQ11: rand() < 0.05 ? ['svBenNone'] : some(BENEFITS, 1, 3),
    svQ12: 1 + weighted([0.02, 0.03, 0.05, 0.08, 0.12, 0.15, 0.2, 0.17, 0.1, 0.08]),
    svQ13: Math.round(rand() * rand() * 200) / 10,
    svQ14: shuffled,
    svQ15: OUTING[weighted([0.55, 0.15, 0.3])]?.id ?? '',
    svQ18: pick(TEAM),
    svQ20: AGES[weighted([0.12, 0.3, 0.28, 0.16, 0.1, 0.04])]?.id ?? '',
  };
  if (overall < 3) answers.svQ07 = pick(WHY_LOW);
  if (rand() < 0.6) answers.svQ16 = some(TRAINING, 1, 3);
  if (rand() < 0.4) answers.svQ17 = email;
  if (rand() < 0.25) answers.svQ19 = pick(ADVICE);
  return answers;
}

export async function seedSurveys(setup: EngineSetup, options: SurveysSeedOptions): Promise<SurveysSeed> {
  const started = Date.now();
  const sink = await openSink(setup);
  try {
    return await generate(sink, setup.engine, options, started);
  } finally {
    await sink.close();
  }
}

async function openSink(setup: EngineSetup): Promise<Sink<TableName>> {
  return setup.engine === 'sqlite'
    ? sqliteSink(path.join(setup.ospEnv.DATA_DIR ?? '', 'osp.sqlite'), TABLES)
    : await pgSink(setup.ospEnv.DATABASE_URL ?? '', TABLES);
}

async function generate(
  sink: Sink<TableName>,
  engine: EngineSetup['engine'],
  options: SurveysSeedOptions,
  started: number,
): Promise<SurveysSeed> {
  const rand = random(16);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  // The company's day (Asia/Shanghai), as the server passes it to validateSubmission.
  const today = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
  let rows = 0;
  const write = async (table: TableName, list: Row[]) => {
    await insertChunked(sink, table, list);
    rows += list.length;
  };

  // ---- the demo company
  const demo = await sink.all("select id, username, password_hash from users where username in ('admin', 'zhangsan')");
  const adminId = Number(demo.find((u) => u.username === SURVEYS_ADMIN)?.id ?? 0);
  const passwordHash = demo.find((u) => u.username === 'zhangsan')?.password_hash ?? null;
  if (adminId === 0 || passwordHash === null)
    throw new Error('surveys seed: demo users admin and zhangsan missing — has the demo company been seeded?');
  const depts = (await sink.all('select id from depts where parent_id is not null')).map((d) => Number(d.id));
  const staffRole = Number((await sink.all("select id from roles where key = 'staff'"))[0]?.id ?? 0);

  // ---- the people
  await sink.exec('begin');
  const people: Row[] = [];
  for (let i = 1; i <= options.people; i++) {
    const username = `sv${String(i).padStart(5, '0')}`;
    people.push({
      username,
      password_hash: passwordHash,
      name: nameOf(i),
      sex: i % 2 === 0 ? '2' : '1',
      dept_id: pick(depts),
      station: '职员',
      mail: `${username}@xinghe-tech.cn`,
      mobile: `137${String(i).padStart(8, '0')}`,
      status: 1,
      created_at: iso(now - 400 * 86_400_000),
      updated_at: iso(now - 400 * 86_400_000),
    });
  }
  await write('users', people);
  const generated = (await sink.all("select id, username from users where username like 'sv%' order by id")).map((u) => ({
    id: Number(u.id),
    username: String(u.username),
  }));
  if (generated.length !== options.people) throw new Error(`surveys seed: ${generated.length} people generated, not ${options.people}`);
  await write(
    'user_roles',
    generated.map((u) => ({ user_id: u.id, role_id: staffRole })),
  );

  // ---- the two surveys, released three days ago, collecting for another thirty
  const surveyMax = Number((await sink.all('select coalesce(max(id), 0) as m from surveys'))[0]?.m ?? 0);
  const versionMax = Number((await sink.all('select coalesce(max(id), 0) as m from survey_versions'))[0]?.m ?? 0);
  const fill = { surveyId: surveyMax + 1, versionId: versionMax + 1 };
  const results = { surveyId: surveyMax + 2, versionId: versionMax + 2 };
  const fillDefinition = SurveyDefinitionZ.parse(benchDefinition('2026 年度员工体验调查', false));
  const resultsDefinition = SurveyDefinitionZ.parse(benchDefinition('2026 年度员工体验调查（公开链接）', true));
  const released = iso(now - 3 * 86_400_000);
  const deadline = iso(now + 30 * 86_400_000);
  const surveyRow = (ids: typeof fill, definition: SurveyDefinition): Row => ({
    id: ids.surveyId,
    kind: definition.kind,
    name: definition.title,
    description: definition.description ?? '',
    status: 1,
    deadline,
    definition: JSON.stringify(definition),
    version_id: ids.versionId,
    released_at: released,
    created_by: adminId,
    created_at: iso(now - 5 * 86_400_000),
    updated_at: released,
  });
  await write('surveys', [surveyRow(fill, fillDefinition), surveyRow(results, resultsDefinition)]);
  await write('survey_versions', [
    {
      id: fill.versionId,
      survey_id: fill.surveyId,
      version_no: 1,
      definition: JSON.stringify(fillDefinition),
      created_by: adminId,
      created_at: released,
    },
    {
      id: results.versionId,
      survey_id: results.surveyId,
      version_no: 1,
      definition: JSON.stringify(resultsDefinition),
      created_by: adminId,
      created_at: released,
    },
  ]);
  await write(
    'survey_targets',
    generated.map((u) => ({ survey_id: fill.surveyId, kind: 'user', ref_id: u.id, exclude: 0 })),
  );
  await write(
    'survey_assignments',
    generated.map((u) => ({ survey_id: fill.surveyId, user_id: u.id, ratee_id: 0, state: 'pending', assigned_at: released })),
  );
  await sink.exec('commit');

  const cleanAnswers = (definition: SurveyDefinition, raw: SurveyAnswers, who: string): SurveyAnswers => {
    const checked = validateSubmission(definition, raw, { today });
    if (!checked.ok) throw new Error(`surveys seed: ${who}'s answers are refused: ${checked.errors.map((e) => e.message).join('; ')}`);
    return checked.answers;
  };

  // ---- the fill load's bodies, one per person
  const fillBodies = generated.map((u) =>
    JSON.stringify({
      version_id: fill.versionId,
      ratee_id: 0,
      answers: cleanAnswers(fillDefinition, answersOf(rand, `${u.username}@xinghe-tech.cn`), u.username),
      started_at: iso(now - (120 + Math.floor(rand() * 600)) * 1000),
    }),
  );

  // ---- the results survey's responses, their counters and texts, submitted over the last three days in id order
  const responseMax = Number((await sink.all('select coalesce(max(id), 0) as m from survey_responses'))[0]?.m ?? 0);
  const cells = new Map<string, { question: string; cell: string; n: number; total: number }>();
  const single = 'svQ01';
  const singleCounts: Record<string, number> = Object.fromEntries(POSITIONS.map((o) => [o.id, 0]));
  const nps = { promoters: 0, passives: 0, detractors: 0 };
  let ratingSum = 0;
  let newestText = '';
  let textRows = 0;
  const CHUNK = 10_000;
  for (let from = 0; from < options.responses; from += CHUNK) {
    const responses: Row[] = [];
    const texts: Row[] = [];
    for (let i = from; i < Math.min(options.responses, from + CHUNK); i++) {
      const id = responseMax + i + 1;
      const submittedAt = iso(now - 3 * 86_400_000 + Math.floor(((i + rand()) / options.responses) * 3 * 86_400_000 - 60_000));
      const answers = cleanAnswers(resultsDefinition, answersOf(rand, `guest${i + 1}@example.com`), `response ${i + 1}`);
      responses.push({
        id,
        survey_id: results.surveyId,
        version_id: results.versionId,
        user_id: null,
        ratee_id: 0,
        once_key: null,
        respondent_name: nameOf(i + 7),
        dept_id: null,
        answers: JSON.stringify(answers),
        duration_seconds: 60 + Math.floor(rand() * 840),
        submitted_at: submittedAt,
        updated_at: submittedAt,
      });
      // survey-counters.ts countResponse: the response's cells summed, then added to the survey's; its texts kept.
      for (const [question, byCell] of sumSurveyCells(tallySurveyAnswers(resultsDefinition, answers))) {
        for (const [cell, sums] of byCell) {
          const key = `${question}\u0000${cell}`;
          const kept = cells.get(key);
          if (kept) {
            kept.n += sums.count;
            kept.total += sums.sum;
          } else cells.set(key, { question, cell, n: sums.count, total: sums.sum });
        }
      }
      for (const text of surveyAnswerTexts(resultsDefinition, answers)) {
        texts.push({
          survey_id: results.surveyId,
          question_id: text.question_id,
          response_id: id,
          ratee_id: 0,
          text: text.text,
          submitted_at: submittedAt,
        });
      }
      // The generator's own count of a few figures, for the suite's check of the summary.
      const picked = answers[single];
      if (typeof picked === 'string') singleCounts[picked] = (singleCounts[picked] ?? 0) + 1;
      const score = Number(answers.svQ08);
      if (score >= 9) nps.promoters++;
      else if (score >= 7) nps.passives++;
      else nps.detractors++;
      ratingSum += Number(answers.svQ06);
      if (typeof answers.svQ18 === 'string') newestText = answers.svQ18;
    }
    await sink.exec('begin');
    await write('survey_responses', responses);
    await write('survey_result_texts', texts);
    await sink.exec('commit');
    textRows += texts.length;
  }
  const cellRows = [...cells.values()].map((c) => ({
    survey_id: results.surveyId,
    question_id: c.question,
    cell: c.cell,
    ratee_id: 0,
    n: c.n,
    total: c.total,
  }));
  await sink.exec('begin');
  await write('survey_result_cells', cellRows);
  await sink.exec('commit');

  if (engine === 'postgres') {
    for (const table of ['users', 'surveys', 'survey_versions', 'survey_responses']) {
      await sink.exec(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    // What autovacuum would have done by the time a real database holds this many responses.
    await sink.exec('vacuum analyze');
  }
  return {
    info: {
      people: options.people,
      responses: options.responses,
      questions: surveyQuestions(fillDefinition).length,
      seconds: (Date.now() - started) / 1000,
      rows,
      fillSurveyId: fill.surveyId,
      fillVersionId: fill.versionId,
      resultsSurveyId: results.surveyId,
      cells: cellRows.length,
      texts: textRows,
      expected: {
        responses: options.responses,
        singleQuestion: single,
        singleCounts,
        npsQuestion: 'svQ08',
        nps,
        ratingQuestion: 'svQ06',
        ratingAverage: Math.round((ratingSum / options.responses) * 100) / 100,
        textQuestion: 'svQ18',
        newestText,
      },
    },
    fillUserIds: generated.map((u) => u.id),
    fillBodies,
  };
}

/**
 * A session for each person, as a sign-in writes one (auth.service.ts: 256 random bits, only their SHA-256 stored;
 * idle expiry 120 minutes, the server's default), signed in just now: the server touches a session (one update) only
 * when it was last seen over a minute ago, so none is touched while the fill runs within its first minute. Returns the
 * bearer tokens, in the order of `userIds`.
 */
export async function writeFillSessions(setup: EngineSetup, userIds: readonly number[]): Promise<{ tokens: string[]; at: string }> {
  const sink = await openSink(setup);
  try {
    const now = Date.now();
    const at = new Date(now).toISOString();
    const expires = new Date(now + 120 * 60_000).toISOString();
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    await sink.exec('begin');
    await insertChunked(
      sink,
      'sessions',
      userIds.map((userId, i) => ({
        token_hash: createHash('sha256')
          .update(tokens[i] ?? '')
          .digest('hex'),
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        expires_at: expires,
        ip: '127.0.0.1',
        user_agent: 'osp-bench',
      })),
    );
    await sink.exec('commit');
    return { tokens, at };
  } finally {
    await sink.close();
  }
}

/** What the fill left in the database: its responses, submitted assignments, counted responses and touched sessions. */
export async function fillOutcome(
  setup: EngineSetup,
  surveyId: number,
  sessionsAt: string,
): Promise<{ responses: number; submitted: number; counted: number; touched: number; points: number }> {
  const sink = await openSink(setup);
  try {
    const one = async (sql: string) => Number((await sink.all(sql))[0]?.n ?? 0);
    const at = setup.engine === 'postgres' ? `'${sessionsAt}'::timestamptz` : `'${sessionsAt}'`;
    return {
      responses: await one(`select count(*) as n from survey_responses where survey_id = ${surveyId}`),
      submitted: await one(`select count(*) as n from survey_assignments where survey_id = ${surveyId} and state = 'submitted'`),
      counted: await one(
        `select coalesce(sum(n), 0) as n from survey_result_cells where survey_id = ${surveyId} and question_id = '' and cell = ''`,
      ),
      touched: await one(`select count(*) as n from sessions where user_agent = 'osp-bench' and last_seen_at > ${at}`),
      points: await one(`select count(*) as n from point_ledger where source_kind = 'survey_answer' and source_id = ${surveyId}`),
    };
  } finally {
    await sink.close();
  }
}
