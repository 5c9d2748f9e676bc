import { ArticleInputZ } from '@osp/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { EditableArticle } from '../../../api/articles-admin';
import { articleBodyOf, articleValuesOf, emptyArticleValues, isAudienceMissing } from './article-form-values';

const view: EditableArticle = {
  id: 7,
  title: '放假通知',
  type_id: 3,
  type_name: '通知公告',
  summary: '国庆安排',
  cover: 'cover1',
  status: 0,
  status_label: '草稿',
  publish_at: '2026-10-01T00:00:00.000Z',
  expire_at: null,
  is_pinned: 1,
  forceView: 1,
  force_deadline: '2026-10-08T00:00:00.000Z',
  author: '管理员',
  created_at: '2026-09-01T00:00:00.000Z',
  updated_at: null,
  abilities: { publish: true, withdraw: false, delete: true },
  content: '<h1>放假</h1>',
  audience: { dept_ids: [4], role_ids: [], user_ids: [9, 10] },
  published_at: null,
  confirmed: false,
  attachments: [{ id: 'att1', name: '安排.xlsx', size: 10, mime: 'application/vnd.ms-excel' }],
};

describe('article form values', () => {
  it('reads an article into the form and sends the same article back', () => {
    const values = articleValuesOf(view);
    expect(values.audience_scope).toBe('some');
    expect(values.attachments).toEqual(['att1']);
    expect(values.is_pinned).toBe(true);
    const body = articleBodyOf(values);
    expect(body).toEqual({
      title: '放假通知',
      type_id: 3,
      summary: '国庆安排',
      cover: 'cover1',
      content: '<h1>放假</h1>',
      attachments: ['att1'],
      publish_at: '2026-10-01T00:00:00.000Z',
      expire_at: null,
      is_pinned: 1,
      forceView: 1,
      force_deadline: '2026-10-08T00:00:00.000Z',
      audience: { dept_ids: [4], role_ids: [], user_ids: [9, 10] },
    });
    expect(ArticleInputZ.safeParse(body).success).toBe(true);
  });

  it('reads an article without 附件 (a server that predates them) as none', () => {
    const { attachments: _attachments, ...older } = view;
    // The type now names them; an older server's answer simply lacks the key.
    expect(articleValuesOf(older as EditableArticle).attachments).toEqual([]);
  });

  it('sends 全员 as three empty lists, whatever the hidden lists hold', () => {
    const values = { ...articleValuesOf(view), audience_scope: 'all' as const };
    expect(articleBodyOf(values).audience).toEqual({ dept_ids: [], role_ids: [], user_ids: [] });
    const everyone = articleValuesOf({ ...view, audience: { dept_ids: [], role_ids: [], user_ids: [] } });
    expect(everyone.audience_scope).toBe('all');
  });

  it('drops the reading deadline of an article that is not forced', () => {
    const values = { ...articleValuesOf(view), forceView: false };
    const body = articleBodyOf(values);
    expect(body.forceView).toBe(0);
    expect(body.force_deadline).toBeNull();
  });

  it('sends a missing type as 0, which the server refuses at type_id', () => {
    const body = articleBodyOf({ ...emptyArticleValues(), title: '无类型', content: '<p>x</p>' });
    expect(body.type_id).toBe(0);
    const parsed = ArticleInputZ.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('type_id');
  });

  it('sends picked times as instants', () => {
    const values = { ...emptyArticleValues(), publish_at: dayjs('2026-12-01T08:30:00+08:00') };
    expect(articleBodyOf(values).publish_at).toBe('2026-12-01T00:30:00.000Z');
  });

  it('asks for a choice when 指定范围 names nobody', () => {
    const none = { audience_scope: 'some' as const, dept_ids: [], role_ids: [], user_ids: [] };
    expect(isAudienceMissing(none)).toBe(true);
    expect(isAudienceMissing({ ...none, role_ids: [2] })).toBe(false);
    expect(isAudienceMissing({ ...none, audience_scope: 'all' })).toBe(false);
  });
});
