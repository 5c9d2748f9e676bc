import { describe, expect, it } from 'vitest';
import { ImageUrls, ownImageSrc } from './article-images';

/** A load the test settles by hand, and a URL API that records what was made and revoked. */
function harness() {
  const pending = new Map<string, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();
  const loads: string[] = [];
  const made: string[] = [];
  const revoked: string[] = [];
  let changes = 0;
  const images = new ImageUrls(
    (id) => {
      loads.push(id);
      return new Promise<Blob>((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    () => {
      changes += 1;
    },
    {
      createObjectURL: () => {
        const url = `blob:test/${made.length + 1}`;
        made.push(url);
        return url;
      },
      revokeObjectURL: (url) => revoked.push(url),
    },
  );
  const settle = async (id: string, outcome: 'ok' | 'fail') => {
    const load = pending.get(id);
    if (outcome === 'ok') load?.resolve(new Blob(['png']));
    else load?.reject(new Error('403'));
    // The load's then() runs on the next microtask.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { images, loads, made, revoked, settle, changes: () => changes };
}

describe('an article image address', () => {
  it('is loaded only when it is one of our file downloads', () => {
    expect(ownImageSrc('/api/files/download/abc_12-Z')).toBe('/api/files/download/abc_12-Z');
    expect(ownImageSrc('/api/files/download/a1?watermark=1')).toBe('/api/files/download/a1?watermark=1');
    for (const src of [
      null,
      '',
      'https://evil.example/a.png',
      '//evil.example/api/files/download/a',
      '/api/files/download/',
      '/api/files/download/a/b',
      '/api/files/download/../../api/user',
      '/api/files/download/a?x=<script>',
      'javascript:alert(1)',
      ' /api/files/download/a',
    ]) {
      expect(ownImageSrc(src), String(src)).toBeUndefined();
    }
  });
});

describe('the object URLs of an article page', () => {
  it('downloads each image once and shows it from its object URL when it comes', async () => {
    const { images, loads, settle, changes } = harness();
    images.want(['a', 'b', 'a']);
    images.want(['b']);
    expect(loads).toEqual(['a', 'b']);
    expect(images.get('a')).toEqual({ kind: 'loading' });
    await settle('a', 'ok');
    expect(images.get('a')).toEqual({ kind: 'ready', url: 'blob:test/1' });
    expect(images.get('b')).toEqual({ kind: 'loading' });
    expect(changes()).toBe(1);
  });

  it('marks an image it may not show as failed, without a URL', async () => {
    const { images, made, settle } = harness();
    images.want(['a']);
    await settle('a', 'fail');
    expect(images.get('a')).toEqual({ kind: 'failed' });
    expect(made).toEqual([]);
  });

  it('revokes every URL it made when the page goes, and makes none for an image that comes later', async () => {
    const { images, made, revoked, settle, changes } = harness();
    images.want(['a', 'b', 'c']);
    await settle('a', 'ok');
    await settle('b', 'ok');
    images.dispose();
    expect(revoked).toEqual(made);
    expect(revoked).toHaveLength(2);
    const before = changes();
    await settle('c', 'ok');
    expect(made).toHaveLength(2);
    expect(changes()).toBe(before);
    images.want(['d']);
    expect(images.get('d')).toEqual({ kind: 'loading' });
  });
});
