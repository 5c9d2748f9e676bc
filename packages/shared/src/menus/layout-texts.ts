/** The main layout's own words: the menu toggle, the mobile drawer and the tab bar of open pages. */
export const LayoutTexts = {
  expandMenu: '展开菜单',
  collapseMenu: '收起菜单',
  menuDrawer: '导航菜单',
  /** The tab bar's accessible name. */
  openPages: '已打开的页面',
  reload: '刷新',
  close: '关闭',
  closeOthers: '关闭其他',
  closeRight: '关闭右侧',
  closeAll: '关闭全部',
  /** The button at the bar's end that offers the same actions for the current tab. */
  tabActions: '标签页操作',
  closeTab: (title: string) => `关闭「${title}」`,
  /** Titles of the pages outside the menu, which have no menu label to show on their tab. */
  homeTitle: '工作台',
  billDetailTitle: '单据详情',
  billEditTitle: '填写单据',
  templateDesignTitle: '模板设计',
  notificationsTitle: '消息通知',
  articlePreviewTitle: '公告详情',
} as const;
