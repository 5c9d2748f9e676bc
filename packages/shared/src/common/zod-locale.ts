import { z } from 'zod';
import { zhCN } from 'zod/locales';
import { escapeHtml } from './html';

/**
 * Chinese messages for every schema rule that names no message of its own, so that no bad input
 * ever answers in English (brief: every bad input gets a clear Chinese message). Plain wording for
 * the rules users meet; zod's zh-CN locale for the rest.
 */
const fallback = zhCN().localeError;

const customError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined || issue.input === null) return '不能为空';
    // A query key given twice (?keyword=a&keyword=b) arrives as an array: say what is wrong with it.
    if (Array.isArray(issue.input) && issue.expected !== 'array') return '只能填写一个值';
    return '格式不正确';
  }
  if (issue.code === 'invalid_value') return '取值不在允许的范围内';
  // The keys are the caller's own text; a message may be shown as HTML (SPEC §8), so they are escaped.
  if (issue.code === 'unrecognized_keys') return `包含不支持的字段：${issue.keys.map(escapeHtml).join('、')}`;
  if (issue.code === 'too_big') {
    if (issue.origin === 'string') return `不能超过${String(issue.maximum)}个字符`;
    if (issue.origin === 'number' || issue.origin === 'int') return `不能大于${String(issue.maximum)}`;
    if (issue.origin === 'array') return `最多选择${String(issue.maximum)}项`;
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? '不能为空' : `不能少于${String(issue.minimum)}个字符`;
    if (issue.origin === 'number' || issue.origin === 'int') return `不能小于${String(issue.minimum)}`;
    if (issue.origin === 'array') return `至少选择${String(issue.minimum)}项`;
  }
  return fallback(issue);
};

/**
 * Installs the messages in zod (idempotent). Importing @osp/shared runs it (the server); the web bundle
 * leaves this module out unless something calls it (apps/web/vite.config.ts), so a page that parses a zod
 * schema in the browser calls it once.
 */
export function installZodLocale(): void {
  z.config({ customError });
}

installZodLocale();
