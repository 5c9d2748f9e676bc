import { describe, expect, it } from 'vitest';
import { fileIdOfSrc, imageSrcOf } from './image-src';

describe('article image addresses', () => {
  it('saves an uploaded image under /api/files/download/{id} and reads the id back', () => {
    expect(imageSrcOf('f_Ab-12')).toBe('/api/files/download/f_Ab-12');
    expect(fileIdOfSrc(imageSrcOf('f_Ab-12'))).toBe('f_Ab-12');
  });

  it('reads the same address written absolute on this site', () => {
    expect(fileIdOfSrc('https://oa.example.cn/api/files/download/abc', 'https://oa.example.cn')).toBe('abc');
  });

  it('knows no id in other addresses', () => {
    expect(fileIdOfSrc('https://elsewhere.cn/api/files/download/abc', 'https://oa.example.cn')).toBeNull();
    expect(fileIdOfSrc('/api/files/download/')).toBeNull();
    expect(fileIdOfSrc('/api/files/download/a/../b')).toBeNull();
    expect(fileIdOfSrc('/api/files/download/abc?watermark=1')).toBeNull();
    expect(fileIdOfSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(fileIdOfSrc('')).toBeNull();
    expect(fileIdOfSrc(null)).toBeNull();
  });
});
