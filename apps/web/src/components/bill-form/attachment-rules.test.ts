import { describe, expect, it } from 'vitest';
import { FileTexts } from '@osp/shared';
import { refusalOf, type AttachmentSlots } from './attachment-rules';

const slots: AttachmentSlots = { held: 0, uploading: 0, maxCount: 20, maxBytes: 1024 };

describe('refusalOf', () => {
  it('sends a file within the limits', () => {
    expect(refusalOf({ name: '发票.pdf', size: 1024 }, slots)).toBeNull();
    expect(refusalOf({ name: '发票.pdf', size: 10 ** 9 }, { ...slots, maxBytes: undefined })).toBeNull();
  });

  it('refuses an empty file and one over the size limit, naming it', () => {
    expect(refusalOf({ name: '空.txt', size: 0 }, slots)).toBe(FileTexts.empty('空.txt'));
    expect(refusalOf({ name: '大.zip', size: 1025 }, slots)).toBe('「大.zip」超过 1KB，未上传');
  });

  it('counts running uploads against the field’s limit', () => {
    expect(refusalOf({ name: 'a', size: 1 }, { ...slots, held: 19, uploading: 0 })).toBeNull();
    expect(refusalOf({ name: 'a', size: 1 }, { ...slots, held: 19, uploading: 1 })).toBe(FileTexts.countFull(20));
    expect(refusalOf({ name: 'a', size: 1 }, { ...slots, held: 20 })).toBe('最多上传 20 个附件');
  });
});
