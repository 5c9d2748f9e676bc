import { escapeHtml } from './html';
/** Messages used across areas. SPEC §8 wording is kept character for character. */
export const CommonMessages = {
  serverBusy: '服务器异常，请稍后重试！',
  /** The browser could not reach the server at all (offline, connection refused or cut): not the server's fault. */
  networkDown: '网络连接失败，请检查网络后重试',
  /** No answer within the request time-out (SPEC §9: 10000 ms). */
  timedOut: '请求超时，请检查网络后重试',
  sessionTimeout: '会话超时，请重新登陆！',
  serverError: (status: number) => `服务器内部错误（错误码：${status}），请联系管理员！`,
  forbidden: '您没有权限执行此操作',
  notFound: '记录不存在或已被删除',
  badRequest: '请求格式不正确',
  invalid: '提交的内容有误，请检查后重试',
  success: '操作成功',
  confirm: '确认吗？',
  exporting: '正在导出......',
  loggedOut: '已退出登录',
  fileNotFound: '文件不存在或已被删除',
  databaseDown: '数据库不可用',
  /** The database cannot be reached just now (HTTP 503); the request changed nothing that was not saved. */
  serviceUnavailable: '服务暂时不可用，请稍后重试',
  payloadTooLarge: '上传内容过大',
  routeNotFound: (method: string, path: string) => `接口不存在：${escapeHtml(method)} ${escapeHtml(path)}`,
} as const;

/** The pages' own words shared by every area (not answers of the server). */
export const CommonTexts = {
  /** A list or page whose data could not be read: said instead of "nothing here", never as an empty list. */
  loadFailed: '加载失败',
  retry: '重试',
} as const;
