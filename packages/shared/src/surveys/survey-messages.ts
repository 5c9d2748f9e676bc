import { escapeHtml } from '../common/html';

/**
 * Every Chinese word of the survey model (issue 16): the refusals of a definition and of a submission,
 * and the names the designer shows. A message may be shown as HTML (SPEC §8), so every value placed in
 * one is escaped, numbers too (escaping a number changes nothing, and no builder needs an exception in
 * messages-escape.test.ts).
 */

const q = (title: string) => `「${escapeHtml(title)}」`;

export const SurveyMessages = {
  // The definition.
  titleRequired: '请填写问卷标题',
  questionTitleRequired: '请填写题目标题',
  optionLabelRequired: '选项内容不能为空',
  pagesRequired: '问卷至少需要一页',
  idInvalid: '编号须为 4 到 32 位字母、数字、下划线或短横线',
  idDuplicate: (id: string) => `编号「${escapeHtml(id)}」重复`,
  tooManyQuestions: (max: number) => `问卷最多 ${escapeHtml(max)} 道题`,
  tooManyPages: (max: number) => `问卷最多 ${escapeHtml(max)} 页`,
  tooManyOptions: (title: string, max: number) => `题目${q(title)}最多 ${escapeHtml(max)} 个选项`,
  optionsRequired: (title: string) => `题目${q(title)}至少需要一个选项`,
  optionLabelDuplicate: (title: string, label: string) => `题目${q(title)}的选项「${escapeHtml(label)}」重复`,
  picksInvalid: (title: string) => `题目${q(title)}的最少选择数不能大于最多选择数，也不能大于（互斥选项以外的）选项数`,
  exclusiveNotAllowed: (title: string) => `题目${q(title)}：只有多选题可以设置互斥选项（以上都不是）`,
  rangeInvalid: (title: string) => `题目${q(title)}的最小值不能大于最大值`,
  matrixRowsRequired: (title: string) => `矩阵题${q(title)}至少需要一行和一列`,
  matrixStarsRequired: (title: string) => `评分矩阵${q(title)}须设置星级（2 到 10）`,
  dimensionsRequired: '评价问卷至少需要一个评分维度',
  dimensionUnknown: (title: string) => `题目${q(title)}的评分维度不存在`,
  dimensionNotScored: (title: string) => `题目${q(title)}不是评分题（评分、NPS、数字或评分矩阵），不能计入评分维度`,
  tooManyRules: (max: number) => `问卷最多 ${escapeHtml(max)} 条规则`,
  ruleConditionTooDeep: (rule: number, max: number) => `第 ${escapeHtml(rule)} 条规则的条件嵌套超过 ${escapeHtml(max)} 层`,
  ruleConditionTooMany: (rule: number, max: number) => `第 ${escapeHtml(rule)} 条规则最多 ${escapeHtml(max)} 个条件`,
  ruleQuestionUnknown: (rule: number) => `第 ${escapeHtml(rule)} 条规则引用的题目不存在`,
  ruleOptionUnknown: (rule: number, title: string) => `第 ${escapeHtml(rule)} 条规则引用了题目${q(title)}中不存在的选项`,
  ruleRowUnknown: (rule: number, title: string) => `第 ${escapeHtml(rule)} 条规则引用了矩阵题${q(title)}中不存在的行`,
  rulePageUnknown: (rule: number) => `第 ${escapeHtml(rule)} 条规则跳转的页面不存在`,
  ruleOperatorInvalid: (rule: number, title: string, operator: string) =>
    `第 ${escapeHtml(rule)} 条规则：题目${q(title)}不能使用「${escapeHtml(operator)}」条件`,
  ruleValueInvalid: (rule: number, title: string) => `第 ${escapeHtml(rule)} 条规则中题目${q(title)}的比较值不正确`,
  ruleLooksAhead: (rule: number, source: string, target: string) =>
    `第 ${escapeHtml(rule)} 条规则的条件引用了题目${q(source)}，它不在${q(target)}之前：条件只能引用前面的题目`,
  ruleNoAnswerTarget: (rule: number, title: string) => `第 ${escapeHtml(rule)} 条规则：题目${q(title)}没有答案，不能设为必答`,
  ruleJumpBackward: (rule: number) => `第 ${escapeHtml(rule)} 条规则只能跳转到条件所在页之后的页面或结束`,
  ruleNoCondition: (rule: number) => `第 ${escapeHtml(rule)} 条规则至少需要一个条件`,
  ruleNoAction: (rule: number) => `第 ${escapeHtml(rule)} 条规则至少需要一个动作`,

  // A submission. Each names its question by title; the id travels beside it (SurveyAnswerError).
  answerUnknownQuestion: (id: string) => `题目「${escapeHtml(id)}」不在此版本的问卷中`,
  answerHidden: (title: string) => `题目${q(title)}当前不显示，不能作答`,
  answerRequired: (title: string) => `请回答题目${q(title)}`,
  answerNoAnswer: (title: string) => `题目${q(title)}是说明文字，不需要作答`,
  answerInvalid: (title: string) => `题目${q(title)}的答案格式不正确`,
  answerOptionUnknown: (title: string) => `题目${q(title)}的选项不在此版本的问卷中`,
  answerOptionHidden: (title: string) => `题目${q(title)}选择了当前不显示的选项`,
  answerExclusive: (title: string, option: string) => `题目${q(title)}的「${escapeHtml(option)}」不能与其他选项同时选择`,
  answerTooFewPicks: (title: string, min: number) => `题目${q(title)}至少选择 ${escapeHtml(min)} 项`,
  answerTooManyPicks: (title: string, max: number) => `题目${q(title)}最多选择 ${escapeHtml(max)} 项`,
  answerDuplicatePicks: (title: string) => `题目${q(title)}重复选择了同一选项`,
  answerTooLong: (title: string, max: number) => `题目${q(title)}不能超过 ${escapeHtml(max)} 个字`,
  answerMobile: (title: string) => `题目${q(title)}请填写正确的手机号`,
  answerEmail: (title: string) => `题目${q(title)}请填写正确的邮箱`,
  answerIdCard: (title: string) => `题目${q(title)}请填写正确的身份证号`,
  answerNotNumber: (title: string) => `题目${q(title)}请填写数字`,
  answerNumberMin: (title: string, min: number) => `题目${q(title)}不能小于 ${escapeHtml(min)}`,
  answerNumberMax: (title: string, max: number) => `题目${q(title)}不能大于 ${escapeHtml(max)}`,
  answerDecimals: (title: string, decimals: number) =>
    Number(decimals) === 0 ? `题目${q(title)}请填写整数` : `题目${q(title)}最多 ${escapeHtml(decimals)} 位小数`,
  answerDate: (title: string) => `题目${q(title)}请填写有效的日期（YYYY-MM-DD）`,
  answerDateMin: (title: string, min: string) => `题目${q(title)}的日期不能早于 ${escapeHtml(min)}`,
  answerDateMax: (title: string, max: string) => `题目${q(title)}的日期不能晚于 ${escapeHtml(max)}`,
  answerScore: (title: string, min: number, max: number) => `题目${q(title)}请选择 ${escapeHtml(min)} 到 ${escapeHtml(max)} 之间的分值`,
  answerMatrixRowUnknown: (title: string) => `矩阵题${q(title)}的行不在此版本的问卷中`,
  answerMatrixIncomplete: (title: string, row: string) => `矩阵题${q(title)}请回答「${escapeHtml(row)}」这一行`,
  answerRankingIncomplete: (title: string) => `排序题${q(title)}须为每个选项排出一个位置`,
  answerTooManyFiles: (title: string, max: number) => `题目${q(title)}最多上传 ${escapeHtml(max)} 个文件`,
  answerFileInvalid: (title: string) => `题目${q(title)}的文件编号不正确`,
  answerDeptInvalid: (title: string) => `题目${q(title)}请选择部门`,
  answersTooMany: '提交的答案过多',
} as const;

/** The designer's names of the question types, operators and actions (UI words, never refusals). */
export const SurveyTexts = {
  kinds: { survey: '问卷', evaluation: '评价' },
  questionTypes: {
    single: '单选题',
    multiple: '多选题',
    dropdown: '下拉题',
    text: '单行文本',
    textarea: '多行文本',
    number: '数字',
    date: '日期',
    rating: '评分',
    nps: 'NPS 净推荐值',
    matrix: '矩阵题',
    ranking: '排序题',
    file: '文件上传',
    department: '部门',
    description: '说明文字',
  },
  /** The designer's 分页符: a page boundary (docs/surveys.md), not an item of a page. */
  pageBreak: '分页符',
  textValidators: { none: '不限', mobile: '手机号', email: '邮箱', id_card: '身份证号', number: '数字范围' },
  matrixModes: { single: '矩阵单选', multiple: '矩阵多选', rating: '矩阵评分' },
  operators: {
    equals: '等于',
    not_equals: '不等于',
    contains_any: '包含任一',
    contains_all: '包含全部',
    answered: '已回答',
    empty: '未回答',
    greater: '大于',
    less: '小于',
  },
  groupOps: { and: '且（全部满足）', or: '或（任一满足）' },
  actions: {
    show_question: '显示题目',
    hide_question: '隐藏题目',
    show_option: '显示选项',
    hide_option: '隐藏选项',
    jump: '跳转到',
    require: '设为必答',
  },
  jumpEnd: '结束问卷',
  settings: {
    anonymous: '匿名填写',
    onePerPerson: '每人只能填写一次',
    editableUntilDeadline: '截止前可修改答案',
    publicLink: '允许通过公开链接填写',
    anonymousMinCount: '匿名结果最少人数',
  },
} as const;
