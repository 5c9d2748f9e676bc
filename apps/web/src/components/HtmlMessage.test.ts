import { escapeHtml, FormValueMessages } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { messageText } from './HtmlMessage';

const LINK = '<a href="https://evil.example">点此</a>';

describe('messages shown as plain text (issue 11, item 10)', () => {
  it('gives back what the user typed in a message whose values were escaped', () => {
    expect(messageText(FormValueMessages.required('研发&测试'))).toBe('请填写「研发&测试」');
    expect(messageText(FormValueMessages.required(LINK))).toBe(`请填写「${LINK}」`);
    expect(messageText(FormValueMessages.required(`O'Brien "x" <y>`))).toBe(`请填写「O'Brien "x" <y>」`);
  });

  it('undoes escapeHtml exactly once, so typed entities stay as typed', () => {
    for (const typed of ['&amp;', '&lt;b&gt;', '&&;', '&#39;', 'a & b', '&unknown;']) expect(messageText(escapeHtml(typed))).toBe(typed);
  });
});
