import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';

/**
 * The bytes of uploaded files on disk: `<uploadsDir>/files/<first two characters of the id>/<id>`, exactly
 * as uploaded (docs/files.md). The two-character folders keep any one folder small; the database holds the
 * path relative to uploadsDir, so a moved data directory keeps working.
 */

export interface WrittenFile {
  storagePath: string;
  size: number;
  sha256: string;
}

export function storagePathOf(id: string): string {
  return path.posix.join('files', id.slice(0, 2), id);
}

export function absolutePath(config: Pick<Config, 'uploadsDir'>, storagePath: string): string {
  return path.join(config.uploadsDir, ...storagePath.split('/'));
}

/** Streams `content` to the file's place while counting and hashing it; never overwrites. */
export async function writeFile(config: Pick<Config, 'uploadsDir'>, id: string, content: Readable): Promise<WrittenFile> {
  const storagePath = storagePathOf(id);
  const target = absolutePath(config, storagePath);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(content, measure, fs.createWriteStream(target, { flags: 'wx' }));
  } catch (error) {
    await removeFile(config, storagePath);
    throw error;
  }
  return { storagePath, size, sha256: hash.digest('hex') };
}

export async function removeFile(config: Pick<Config, 'uploadsDir'>, storagePath: string): Promise<void> {
  await fs.promises.rm(absolutePath(config, storagePath), { force: true });
}

/**
 * The stored bytes as a stream, or undefined when the file is gone from disk. The file is opened here,
 * before any answer is started, so that a missing file becomes a clean 404 rather than a broken download.
 */
export async function openFile(config: Pick<Config, 'uploadsDir'>, storagePath: string): Promise<Readable | undefined> {
  try {
    const handle = await fs.promises.open(absolutePath(config, storagePath), 'r');
    return handle.createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The stored bytes whole, or undefined when the file is gone from disk: for a watermarked copy, made in memory. */
export async function readStoredFile(config: Pick<Config, 'uploadsDir'>, storagePath: string): Promise<Buffer | undefined> {
  try {
    return await fs.promises.readFile(absolutePath(config, storagePath));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
