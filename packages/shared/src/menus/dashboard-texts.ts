/** The home page's own words (/dashboard): the cards' titles, tiles, hints and failures. */
export const DashboardTexts = {
  approvalTitle: '我的审批',
  doingTile: '我发起的审批中',
  sharedUnreadTile: '抄送未读',
  approvalFailed: '审批数据暂时无法获取',
  holidayTitle: '我的假期',
  holidayTitleOf: (year: number) => `我的假期（${year}年）`,
  holidayNone: '今年还没有登记假期额度，如有疑问请联系综合管理部',
  holidayWhere: '假期明细也可在右上角头像菜单的「个人信息」中查看',
  holidayFailed: '假期数据暂时无法获取',
} as const;
