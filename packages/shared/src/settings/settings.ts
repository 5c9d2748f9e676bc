/** SPEC §3 global settings, as GET /api/settings returns them. */
export interface PublicSettings {
  /** SPEC §9: default request time-out 10000 ms. */
  request_timeout: number;
  forum_api_base: string;
  oa_api_base: string;
  main_api_base: string;
  preview_prefix: string;
  wechat_redirect_url: string;
  wechat_app_id: string;
  wechat_qr_login: number;
  /** The cookie that keeps the first path segment (SPEC §2), sent back as the Service header. */
  service_id: string;
  system_name: string;
}

/** The part only a signed-in user receives. */
export interface PrivateSettings extends PublicSettings {
  default_user: string;
  /** SPEC §9: the banner shows only when this flag equals 1. */
  header_banner: number;
  header_banner_message: string;
  /** The address encoded in the header's hover QR code (for example the mobile entry). */
  qrcode_url: string;
  /** 登录邮箱 opens this company webmail address. */
  webmail_url: string;
  /** Points for confirming a forced-read article (积分排行, issue 15); 0 awards nothing. */
  point_article_confirm: number;
  /** Points for handling an approval task within a working day of its arrival (及时审批); 0 awards nothing. */
  point_approval_timely: number;
  /** Points for submitting a named survey one is asked to answer (issue 16), once per survey; 0 awards nothing. */
  point_survey_answer: number;
}

export type Settings = PublicSettings | PrivateSettings;

export function isPrivateSettings(settings: Settings): settings is PrivateSettings {
  return 'header_banner' in settings;
}

export const DEFAULT_REQUEST_TIMEOUT = 10_000;

/** SPEC §1: the system name, shown until an administrator sets another. */
export const SYSTEM_NAME = 'OSP 运营管理平台';
