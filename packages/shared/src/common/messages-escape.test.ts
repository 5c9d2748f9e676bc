import { describe, expect, it } from 'vitest';
import * as shared from '../index';
import { escapeHtml } from './html';

/**
 * Issue 11, item 10: SPEC §8 shows a failure message as HTML, so a value a user typed (a department,
 * template, field, option, step, job or person's name) is escaped wherever a message places it; only
 * the message templates carry markup. This sweeps every builder of every `*Messages` catalogue: each
 * argument in turn gets a link, and the message must not carry it as markup.
 *
 * The exceptions say why. A new builder that places a value unescaped fails here until it escapes the
 * value or is listed with its reason.
 */

const LINK = '<a href="https://evil.example">点此</a>';

/** Arguments that are numbers, times or the product's own labels, never a user's text. */
const NOT_USER_TEXT = new Set([
  'CommonMessages.serverError#0',
  'LoginMessages.locked#0',
  'RecoveryMessages.requested#0',
  'RecoveryMessages.tooMany#0',
  'FormValueMessages.tooLong#1',
  'FormValueMessages.precision#1',
  'FormValueMessages.min#1',
  'FormValueMessages.max#1',
  // The calendar days of a checked date range, counted here.
  'FormValueMessages.daysOver#2',
  // Ids: numbers the caller sent, echoed as numbers.
  'ApprovalMessages.sortUnknown#0',
  'ApprovalMessages.jobUnknownInFlow#0',
  'ApprovalMessages.deptsMissing#0',
  'BatchApproveMessages.duplicated#0',
  // Another message the server built, escaped where it was built (批量同意's reason for a skipped bill).
  'BatchApproveMessages.needsInput#0',
  'ApprovalMessages.shareDeptsMissing#0',
  // A clock time (HH:mm).
  'NoticeMessages.urgeTooSoon#0',
  'ApprovalMessages.entrustTemplatesMissing#0',
  'ApprovalMessages.groupSortUnknown#0',
  'ApprovalMessages.startersRolesMissing#0',
  // The import template's own column titles that the file lacks.
  'UserImportMessages.badHeader#0',
  'ApprovalMessages.groupNotEmpty#0',
  'ApprovalMessages.templateInUse#0',
  'ApprovalMessages.entrustOverlap#0',
  'ApprovalMessages.entrustOverlap#1',
  'BillPageMessages.total#0',
  'BillPageMessages.printedAt#0',
  'FileMessages.tooLarge#0',
  'AdminUserMessages.sessionsRevoked#0',
  'UserImportMessages.tooManyRows#0',
  'UserImportMessages.failed#0',
  'UserImportMessages.imported#0',
  'UserImportMessages.usernameDuplicateInFile#1',
  'RoleMessages.hasMembers#0',
  'MenuMessages.folderHasChildren#0',
  'MenuMessages.folderNotEmpty#0',
  'SettingMessages.flagInvalid#0',
  'SettingMessages.urlInvalid#0',
  'SettingMessages.urlTooLong#0',
  // Counts of bills (同时移交当前待办's success toast).
  'EntrustMessages.savedAndMoved#0',
  'EntrustMessages.savedAndMoved#1',
  // The count of articles filed under a type; the ids of types the sort call named (numbers, checked by its schema).
  'ArticleTypeMessages.inUse#0',
  'ArticleTypeMessages.sortUnknown#0',
]);

/**
 * Builders whose text the web shows as plain text (React escapes it), never as a failure toast: their
 * values stay as typed, or the page would show `&lt;` to the user.
 */
const SHOWN_AS_TEXT = new Set([
  // Success toasts and page labels: antd's message.success and the page render text.
  'ApprovalMessages.templateCopied',
  'BillPageMessages.onBehalfOfTask',
  'AdminUserMessages.confirmDisable',
  'AdminUserMessages.confirmEnable',
  // The designer's own checks, shown beside the node while editing.
  'FlowDesignerMessages.stepNameRequired',
  'FlowDesignerMessages.jobRequired',
  'FlowDesignerMessages.conditionIncomplete',
  'FlowDesignerMessages.conditionUnknownField',
  'FlowDesignerMessages.branchShadows',
  'FlowDesignerMessages.duplicateNode',
  'FlowDesignerMessages.cycle',
  'FlowDesignerMessages.unreachable',
  'FlowDesignerMessages.deadEnd',
  'FlowDesignerMessages.manyDefaults',
  'FlowDesignerMessages.crossing',
  'FlowDesignerMessages.manyEnds',
  // The import's rows, listed in the import dialog's table (data.problems); the toast is only the count.
  'UserImportMessages.usernameDuplicateInFile',
  'UserImportMessages.usernameExists',
  'UserImportMessages.deptUnknown',
  'UserImportMessages.deptAmbiguous',
  'UserImportMessages.roleUnknown',
  // 离职交接's success toast (text, as every success toast); the comments of bill history entries (委托移交, 离职交接),
  // shown as text in the history; and the disable dialog's warning.
  'HandoverMessages.done',
  'EntrustMessages.moveComment',
  'HandoverMessages.taskComment',
  'HandoverMessages.confirmDisableWithTasks',
]);

type Builder = (...args: unknown[]) => unknown;

function builders(): { name: string; build: Builder }[] {
  const found: { name: string; build: Builder }[] = [];
  for (const [catalogue, entries] of Object.entries(shared)) {
    if (!catalogue.endsWith('Messages') || typeof entries !== 'object' || entries === null) continue;
    for (const [key, build] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof build === 'function' && build.length > 0) found.push({ name: `${catalogue}.${key}`, build: build as Builder });
    }
  }
  return found;
}

describe('message builders escape what users typed (issue 11, item 10)', () => {
  it('finds the catalogues', () => {
    const names = builders().map((b) => b.name);
    for (const name of [
      'DeptMessages.nameTaken',
      'ApprovalMessages.templateNameTaken',
      'FormValueMessages.required',
      'EngineMessages.chosenMissing',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(builders())('$name places a typed value as text, never as markup', ({ name, build }) => {
    if (SHOWN_AS_TEXT.has(name)) return;
    for (let at = 0; at < build.length; at++) {
      if (NOT_USER_TEXT.has(`${name}#${at}`)) continue;
      // One-element arrays serve both kinds of parameter: `${[x]}` is x, and `.join` / `.map` work on them.
      const args = Array.from({ length: build.length }, (_, i) => [i === at ? LINK : '1']);
      const message = String(build(...args));
      expect(message, `${name} argument ${at}`).not.toContain('<a');
      if (message.includes('点此')) expect(message).toContain(escapeHtml(LINK));
    }
  });

  it('escapes the keys of an unknown-field refusal', async () => {
    const { z } = await import('zod');
    const result = z.strictObject({ name: z.string() }).safeParse({ name: 'x', [LINK]: 1 });
    expect(result.error?.issues[0]?.message).toBe(`包含不支持的字段：${escapeHtml(LINK)}`);
  });
});
