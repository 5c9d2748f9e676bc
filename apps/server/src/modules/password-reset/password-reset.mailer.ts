import { escapeHtml, SYSTEM_NAME } from '@osp/shared';
import type { OutgoingMail } from '../../lib/mailer';

export interface ResetMailInput {
  to: string;
  name: string;
  username: string;
  link: string;
  ttlMinutes: number;
  /** When the link stops working, shown in Asia/Shanghai (DESIGN §4). */
  expiresAt: Date;
  ip: string;
}

const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The Chinese reset mail: plain text for every client, and the same words as simple HTML. */
export function resetMail(input: ResetMailInput): OutgoingMail {
  const until = shanghaiTime.format(input.expiresAt);
  const lines = [
    `${input.name}，您好：`,
    '',
    `我们收到了为您的${SYSTEM_NAME}账号（${input.username}）重置密码的申请。请在${input.ttlMinutes}分钟内（${until} 前）打开下面的链接设置新密码：`,
    '',
    input.link,
    '',
    '该链接只能使用一次。重置成功后，该账号在所有设备上的登录都将失效，需要用新密码重新登录。',
    `如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。申请来自 IP 地址 ${input.ip}。`,
    '',
    `${SYSTEM_NAME}（本邮件由系统自动发送，请勿直接回复）`,
  ];
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="zh-CN"><body style="font-family:'PingFang SC','Microsoft YaHei',sans-serif;font-size:14px;color:#1f1f1f;line-height:1.7">
<p>${escapeHtml(input.name)}，您好：</p>
<p>我们收到了为您的${escapeHtml(SYSTEM_NAME)}账号（${escapeHtml(input.username)}）重置密码的申请。请在${input.ttlMinutes}分钟内（${escapeHtml(until)} 前）点击下面的按钮设置新密码：</p>
<p><a href="${link}" style="display:inline-block;padding:8px 20px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">重置密码</a></p>
<p>如果按钮无法点击，请将以下链接复制到浏览器地址栏打开：<br><a href="${link}">${link}</a></p>
<p>该链接只能使用一次。重置成功后，该账号在所有设备上的登录都将失效，需要用新密码重新登录。</p>
<p style="color:#8c8c8c">如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。申请来自 IP 地址 ${escapeHtml(input.ip)}。<br>${escapeHtml(SYSTEM_NAME)}（本邮件由系统自动发送，请勿直接回复）</p>
</body></html>`;
  return { to: input.to, subject: `【${SYSTEM_NAME}】重置密码`, text: lines.join('\n'), html };
}
