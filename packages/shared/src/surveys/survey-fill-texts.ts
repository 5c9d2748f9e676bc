/**
 * Every UI word of the respondent's pages (issue 16): the survey form as a respondent sees it (also the
 * designer's live preview), 我的问卷, 待我评价, the public share and preview pages and the success page.
 * Refusals live in SurveyApiMessages and SurveyMessages; these are labels, hints and titles only.
 */
export const SurveyFillTexts = {
  // The form.
  previous: '上一页',
  next: '下一页',
  submit: '提交',
  submitting: '提交中…',
  saveDraft: '暂存',
  draftSaved: '已暂存',
  draftSavedAt: (time: string) => `已于 ${time} 暂存`,
  autosaveHint: '每 30 秒自动暂存，离开页面时也会暂存',
  pageOf: (page: number, pages: number) => `第 ${page} / ${pages} 页`,
  required: '必答',
  requiredMark: '*',
  previewBanner: '预览：答案不会提交',
  previewSubmitHint: '预览中不会提交答案',
  readOnlyBanner: '以下是您提交的答案',
  /** Above the per-question messages when a submission was refused. */
  errorsSummary: (count: number) => `还有 ${count} 道题需要修改，请查看标红的题目`,
  deadline: (time: string) => `截止时间：${time}`,
  noDeadline: '不限截止时间',
  ratee: (name: string) => `评价对象：${name}`,
  emptySurvey: '此问卷还没有题目',
  // Question inputs.
  choosePlaceholder: '请选择',
  searchPlaceholder: '输入关键字搜索',
  textPlaceholder: '请输入',
  numberPlaceholder: '请输入数字',
  datePlaceholder: '请选择日期',
  deptPlaceholder: '请选择部门',
  picksHint: (min: number | undefined, max: number | undefined) =>
    min !== undefined && min > 0 && max !== undefined
      ? `请选择 ${min}–${max} 项`
      : min !== undefined && min > 0
        ? `至少选择 ${min} 项`
        : max !== undefined
          ? `最多选择 ${max} 项`
          : '可多选',
  exclusiveHint: '（与其他选项互斥）',
  ratingStars: (value: number, stars: number) => `${value} / ${stars} 星`,
  ratingLabel: (stars: number) => `评分，1 到 ${stars} 星`,
  npsLow: '0 = 完全不可能',
  npsHigh: '10 = 极有可能',
  npsLabel: '推荐可能性，0 到 10 分',
  matrixRow: '项目',
  rankingHint: '拖动或用上下按钮排列顺序，排在前面表示更靠前',
  rankingAccept: '按当前顺序作答',
  rankingUnanswered: '尚未排序',
  rankingUp: (label: string) => `上移「${label}」`,
  rankingDown: (label: string) => `下移「${label}」`,
  rankingDrag: (label: string) => `拖动「${label}」`,
  rankingPicked: (label: string) => `已拿起「${label}」`,
  rankingOver: (label: string, position: number) => `「${label}」移到第 ${position} 位`,
  rankingDropped: (label: string, position: number) => `「${label}」放在第 ${position} 位`,
  rankingCancelled: (label: string) => `「${label}」回到原位`,
  filesHint: (max: number) => `最多上传 ${max} 个文件`,
  filesNeedSignIn: '登录后才能上传文件',
  deptNeedSignIn: '登录后才能选择部门',
  // The public share page's file question (uploads through the link, no sign-in).
  shareUpload: '上传文件',
  shareUploading: '上传中…',
  shareUploadFailed: '上传失败',
  shareFilesFull: (max: number) => `已达上限 ${max} 个文件`,
  shareFileRemove: (name: string) => `移除「${name}」`,
  maxLength: (max: number) => `最多 ${max} 字`,
  // The public share page.
  respondentName: '您的姓名',
  respondentNamePlaceholder: '请填写您的姓名',
  anonymousNote: '本问卷为匿名问卷，不会记录您的身份',
  // The success page.
  successTitle: '提交成功',
  successSubtitle: '感谢您的参与！',
  backToMine: '返回我的问卷',
  backToPending: '返回待我评价',
  // 我的问卷 and 待我评价.
  mineTitle: '我的问卷',
  pendingTitle: '待我评价',
  mineEmpty: '暂时没有需要您填写的问卷',
  pendingEmpty: '暂时没有需要您完成的评价',
  columns: { name: '问卷', ratee: '评价对象', state: '状态', deadline: '截止时间', status: '问卷状态', action: '操作' },
  fill: '去填写',
  continueFill: '继续填写',
  viewAnswers: '查看',
  evaluate: '去评价',
  preview: '预览',
  closed: '已结束',
  stateFilterAll: '全部状态',
  // Previews and the share link.
  viewTitle: '问卷预览',
  workingCopyNote: '您正在预览问卷的编辑稿（尚未发布的修改也会显示）',
  releasedNote: '您正在预览已发布的问卷',
  feedbackViewTitle: '评价表预览',
  /** The tab of the signed-in fill page (not in the menu). */
  fillTitle: '填写问卷',
  shareLink: '分享链接',
  shareQr: '扫码填写',
  copyLink: '复制链接',
  linkCopied: '链接已复制',
  openFill: '去填写',
  // Failures shown in place of a form.
  cannotFill: '暂时无法填写',
  notFoundTitle: '问卷不存在',
  signInToFill: '登录后填写',
  /** The menu paths and fixed routes (SPEC §2). */
  paths: {
    mine: '/survey/mine',
    pending: '/feedback/pending',
    fillSignedIn: '/survey/survey-share-check',
    fillPublic: '/survey/survey-share',
    view: '/survey/survey-view',
    success: '/survey/success',
    feedbackView: '/feedback/view',
  },
} as const;
