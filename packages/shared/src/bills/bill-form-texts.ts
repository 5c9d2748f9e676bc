/**
 * Texts of the bill form (read-only and editable), the 发起审批 page and the edit page. The field
 * messages themselves come from `FormValueMessages` (form.ts), the server's answers from api.ts.
 */
export const BillFormTexts = {
  empty: '—',
  itemsEmpty: '暂无明细',
  itemsIndex: '序号',
  itemsTotal: '合计',
  itemsAddRow: '添加一行',
  itemsRemoveRow: '删除',
  itemsRow: (n: number) => `第 ${n} 行`,
  userPlaceholder: '搜索姓名或部门',
  deptPlaceholder: '选择部门',
  choosePlaceholder: '请选择',
  moneyPlaceholder: '如 1234.56',
  datePlaceholder: '选择日期',
  rangePlaceholder: ['开始日期', '结束日期'] as [string, string],
  sumOfHint: (items: string) => `由明细表「${items}」的合计自动计算`,
} as const;

export const BillStartTexts = {
  title: '发起审批',
  description: '选择一个审批模板，填写后提交；常用的模板点亮星标，会排在最前面。',
  search: '搜索模板名称或说明',
  searchLabel: '搜索模板',
  allGroups: '全部',
  favorites: '我的收藏',
  iptv: 'IPTV 业务',
  star: '收藏',
  unstar: '取消收藏',
  notStartable: '该模板尚未设置审批流程，暂不能发起',
  noTemplates: '暂无可发起的审批模板',
  noMatch: (keyword: string) => `没有名称或说明包含「${keyword}」的模板`,
} as const;

export const BillEditTexts = {
  newTitle: (template: string) => `发起：${template}`,
  editTitle: (template: string) => `编辑：${template}`,
  resubmitHint: '单据已被驳回或撤回，修改后点击「重新提交」再次送审。',
  titleLabel: '标题',
  titlePlaceholder: '不填则为「姓名的模板名称」',
  formSection: '填写内容',
  approversSection: '审批人',
  approversHint: '以下步骤由您指定审批人；只有流程经过的步骤才需要选择。',
  chooseApprovers: (step: string, node: string) => `${node} · ${step}`,
  saveDraft: '保存草稿',
  submit: '提交',
  resubmit: '重新提交',
  back: '返回',
  leaveTitle: '离开此页？',
  leaveContent: '填写的内容尚未保存，离开后将会丢失。',
  leaveOk: '离开',
  stayCancel: '继续填写',
  checkFields: (n: number) => `有 ${n} 处需要修改，请查看标红的字段`,
  notEditable: '该单据当前不能修改',
  missingTemplate: '缺少模板或单据编号，请从「发起审批」选择模板',
  toStart: '去发起审批',
  localCopyFound: (time: string) => `发现 ${time} 未保存的填写内容，是否恢复？`,
  localCopyRestore: '恢复',
  localCopyDiscard: '丢弃',
  localCopyRestored: '已恢复未保存的填写内容',
} as const;
