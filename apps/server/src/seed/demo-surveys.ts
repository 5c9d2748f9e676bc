import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyDefinitionZ,
  SurveyStatus,
  validateSubmission,
  type SurveyAnswers,
  type SurveyDefinition,
} from '@osp/shared';
import type { Db } from '../db/index';
import { countResponse } from '../modules/surveys/survey-counters';

/**
 * Demo surveys (issue 16): 2026 年度员工满意度调查, released to the whole company with a rule (a low overall score asks
 * why), answered by a few people so that 问卷管理 and the results have something to show and 张三 finds it waiting on
 * his dashboard; and a draft 评价 of department leaders for an administrator to finish. The definitions are checked
 * with the same parse and the answers with the same validation the server uses, so the demo cannot hold what the
 * product would refuse.
 */

type Ids = ReadonlyMap<string, number>;

export const DEMO_SATISFACTION_TITLE = '2026 年度员工满意度调查';

export const DEMO_SATISFACTION: SurveyDefinition = {
  kind: 'survey',
  title: DEMO_SATISFACTION_TITLE,
  description: '感谢您抽出几分钟填写本问卷。结果只用于改进公司的工作环境与管理，个人答卷仅综合管理部可见。',
  settings: { ...SURVEY_SETTINGS_DEFAULT },
  dimensions: [],
  pages: [
    {
      id: 'demoPage01',
      title: '整体感受',
      questions: [
        { id: 'demoOverall', type: 'rating', title: '总体而言，您对在公司工作的满意程度如何？', required: true, stars: 5 },
        { id: 'demoWhyLow', type: 'textarea', title: '请告诉我们哪些方面让您不满意', required: false, maxLength: 1000 },
        { id: 'demoNps', type: 'nps', title: '您有多大可能向朋友推荐来公司工作？', required: true },
      ],
    },
    {
      id: 'demoPage02',
      title: '工作环境',
      questions: [
        {
          id: 'demoBenefit',
          type: 'multiple',
          title: '您最看重的福利有哪些？',
          required: true,
          maxPicks: 3,
          options: [
            { id: 'demoOptMeal', label: '餐补' },
            { id: 'demoOptGym', label: '健身房' },
            { id: 'demoOptTrain', label: '培训与学习' },
            { id: 'demoOptFlex', label: '弹性工作时间' },
            { id: 'demoOptNone', label: '以上都不是', exclusive: true },
          ],
        },
        {
          id: 'demoMatrix',
          type: 'matrix',
          title: '请评价以下方面',
          required: true,
          mode: 'single',
          rows: [
            { id: 'demoRowDesk', label: '办公环境' },
            { id: 'demoRowTools', label: '办公设备' },
            { id: 'demoRowComm', label: '部门沟通' },
          ],
          columns: [
            { id: 'demoColGood', label: '满意' },
            { id: 'demoColOk', label: '一般' },
            { id: 'demoColBad', label: '不满意' },
          ],
        },
        { id: 'demoAdvice', type: 'textarea', title: '其他意见或建议', required: false, maxLength: 1000 },
      ],
    },
  ],
  rules: [
    {
      id: 'demoRuleLow',
      when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'demoOverall', operator: 'less', value: 3 }] },
      actions: [
        { type: 'show_question', questionId: 'demoWhyLow' },
        { type: 'require', questionId: 'demoWhyLow' },
      ],
    },
  ],
};

const DEMO_LEADER_EVALUATION: SurveyDefinition = {
  kind: 'evaluation',
  title: '2026 年度部门负责人评价',
  description: '请根据本年度的实际情况，对您所在部门的负责人作出评价。',
  settings: { ...SURVEY_SETTINGS_DEFAULT, anonymous: true },
  dimensions: [
    { id: 'demoDimLead', title: '领导力' },
    { id: 'demoDimComm', title: '沟通协作' },
  ],
  pages: [
    {
      id: 'demoEvPage1',
      questions: [
        { id: 'demoEvLead', type: 'rating', title: '能清楚地设定目标并带领团队达成', required: true, stars: 5, dimensionId: 'demoDimLead' },
        { id: 'demoEvComm', type: 'rating', title: '乐于倾听，及时反馈', required: true, stars: 5, dimensionId: 'demoDimComm' },
        { id: 'demoEvText', type: 'textarea', title: '您对他/她的建议', required: false },
      ],
    },
  ],
  rules: [],
};

/** Who answered the demo survey, and how; 张三 has not (so his dashboard shows it waiting). */
const DEMO_ANSWERS: { username: string; answers: SurveyAnswers }[] = [
  {
    username: 'lisi',
    answers: {
      demoOverall: 4,
      demoNps: 8,
      demoBenefit: ['demoOptTrain', 'demoOptFlex'],
      demoMatrix: { demoRowDesk: 'demoColGood', demoRowTools: 'demoColOk', demoRowComm: 'demoColGood' },
    },
  },
  {
    username: 'wangwu',
    answers: {
      demoOverall: 5,
      demoNps: 10,
      demoBenefit: ['demoOptMeal'],
      demoMatrix: { demoRowDesk: 'demoColGood', demoRowTools: 'demoColGood', demoRowComm: 'demoColOk' },
      demoAdvice: '希望增加季度团建活动。',
    },
  },
  {
    username: 'liuyang',
    answers: {
      demoOverall: 2,
      demoWhyLow: '加班较多，显示器偏小。',
      demoNps: 5,
      demoBenefit: ['demoOptFlex', 'demoOptGym'],
      demoMatrix: { demoRowDesk: 'demoColOk', demoRowTools: 'demoColBad', demoRowComm: 'demoColOk' },
    },
  },
  {
    username: 'chenjing',
    answers: {
      demoOverall: 4,
      demoNps: 9,
      demoBenefit: ['demoOptTrain'],
      demoMatrix: { demoRowDesk: 'demoColGood', demoRowTools: 'demoColGood', demoRowComm: 'demoColGood' },
    },
  },
  {
    username: 'zhengyi',
    answers: {
      demoOverall: 3,
      demoNps: 7,
      demoBenefit: ['demoOptNone'],
      demoMatrix: { demoRowDesk: 'demoColOk', demoRowTools: 'demoColOk', demoRowComm: 'demoColGood' },
    },
  },
];

const id = (ids: Ids, key: string): number => {
  const value = ids.get(key);
  if (value === undefined) throw new Error(`demo surveys: unknown ${key}`);
  return value;
};

export async function seedSurveyDemo(trx: Db, userIds: Ids, deptIds: Ids): Promise<void> {
  const now = new Date();
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const adminId = id(userIds, 'admin');
  const satisfaction = SurveyDefinitionZ.parse(DEMO_SATISFACTION);
  const evaluation = SurveyDefinitionZ.parse(DEMO_LEADER_EVALUATION);

  const { id: surveyId } = await trx
    .insertInto('surveys')
    .values({
      kind: satisfaction.kind,
      name: satisfaction.title,
      description: satisfaction.description ?? '',
      status: SurveyStatus.collecting,
      deadline: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      definition: JSON.stringify(satisfaction),
      released_at: at(3),
      created_by: adminId,
      created_at: at(5),
      updated_at: at(3),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: versionId } = await trx
    .insertInto('survey_versions')
    .values({ survey_id: surveyId, version_no: 1, definition: JSON.stringify(satisfaction), created_by: adminId, created_at: at(3) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('surveys').set({ version_id: versionId }).where('id', '=', surveyId).execute();
  // The whole company: the top department, with everything under it.
  await trx
    .insertInto('survey_targets')
    .values({ survey_id: surveyId, kind: 'dept', ref_id: id(deptIds, 'hq') })
    .execute();

  const people = await trx
    .selectFrom('users')
    .select(['id', 'username', 'dept_id'])
    .where('status', '=', 1)
    .where('dept_id', 'is not', null)
    .execute();
  for (const person of people) {
    const answered = DEMO_ANSWERS.find((a) => a.username === person.username);
    await trx
      .insertInto('survey_assignments')
      .values({
        survey_id: surveyId,
        user_id: person.id,
        state: answered ? 'submitted' : 'pending',
        assigned_at: at(3),
        submitted_at: answered ? at(1) : null,
      })
      .execute();
    if (!answered) continue;
    const checked = validateSubmission(satisfaction, answered.answers, { today: at(1).slice(0, 10) });
    if (!checked.ok)
      throw new Error(`demo surveys: ${person.username}'s answers are refused: ${checked.errors.map((e) => e.message).join('; ')}`);
    const response = await trx
      .insertInto('survey_responses')
      .values({
        survey_id: surveyId,
        version_id: versionId,
        user_id: person.id,
        once_key: `u:${person.id}:0`,
        dept_id: person.dept_id,
        answers: JSON.stringify(checked.answers),
        duration_seconds: 95 + person.id * 7,
        submitted_at: at(1),
        updated_at: at(1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await countResponse(trx, { surveyId, rateeId: 0, responseId: response.id, submittedAt: at(1) }, satisfaction, checked.answers);
  }

  const { id: evaluationId } = await trx
    .insertInto('surveys')
    .values({
      kind: evaluation.kind,
      name: evaluation.title,
      description: evaluation.description ?? '',
      definition: JSON.stringify(evaluation),
      created_by: adminId,
      created_at: at(2),
      updated_at: at(2),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('survey_targets')
    .values({ survey_id: evaluationId, kind: 'dept', ref_id: id(deptIds, 'tech') })
    .execute();
}
