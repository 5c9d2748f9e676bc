import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ZipStream } from './zip-stream';

/** The zip an xlsx export is written into: readable by a standard reader, bounded by a slow reader, stopped by a gone one. */

function collect(output: PassThrough): Promise<Buffer> {
  const parts: Buffer[] = [];
  output.on('data', (chunk: Buffer) => parts.push(chunk));
  return new Promise((resolve, reject) => {
    output.on('end', () => resolve(Buffer.concat(parts)));
    output.on('error', reject);
  });
}

describe('ZipStream', () => {
  it('writes whole and streamed entries a standard reader opens, with their CRCs checked', async () => {
    const output = new PassThrough();
    const file = collect(output);
    const zip = new ZipStream(output, new AbortController().signal);
    await zip.addFile('[Content_Types].xml', '<Types/>');
    const pieces = Array.from({ length: 200 }, (_, i) => `<row r="${i}">第${i}行 ${'x'.repeat(i % 50)}</row>`);
    await zip.addStream('xl/worksheets/sheet1.xml', async (write) => {
      for (const piece of pieces) await write(piece);
    });
    await zip.finish();
    const opened = await JSZip.loadAsync(await file, { checkCRC32: true });
    expect(Object.keys(opened.files)).toEqual(['[Content_Types].xml', 'xl/worksheets/sheet1.xml']);
    expect(await opened.file('[Content_Types].xml')?.async('string')).toBe('<Types/>');
    expect(await opened.file('xl/worksheets/sheet1.xml')?.async('string')).toBe(pieces.join(''));
  });

  it('waits for a reader that has not taken the bytes yet, rather than holding them', async () => {
    // Random text deflates poorly: several megabytes reach the output. Made beforehand, so that a writer that did not
    // wait would be through all of it at once, however slow the machine.
    const pieces = Array.from({ length: 400 }, () => randomBytes(8192).toString('base64'));
    const output = new PassThrough({ highWaterMark: 1024 });
    const zip = new ZipStream(output, new AbortController().signal);
    let written = 0;
    const done = zip.addStream('big.xml', async (write) => {
      for (const piece of pieces) {
        await write(piece);
        written += 1;
      }
    });
    // Nobody reads: the writer stops after a few pieces, with little held.
    await sleep(200);
    expect(written).toBeLessThan(20);
    expect(output.readableLength).toBeLessThan(256 * 1024);
    const file = collect(output);
    await done;
    await zip.finish();
    expect((await file).length).toBeGreaterThan(1_000_000);
    expect(written).toBe(400);
  });

  it('stops when the reader has gone, without hanging and without an unhandled failure', async () => {
    const output = new PassThrough({ highWaterMark: 1024 });
    const gone = new AbortController();
    const zip = new ZipStream(output, gone.signal);
    const writing = zip.addStream('big.xml', async (write) => {
      for (;;) await write(randomBytes(8192).toString('base64'));
    });
    await sleep(100);
    output.destroy();
    gone.abort();
    await expect(writing).rejects.toThrow(/abort/i);
  });
});
