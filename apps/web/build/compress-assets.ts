import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Issue 12: the server sends these files as they are (@fastify/static `preCompressed`), so the work
 * of compressing at the highest levels is paid once per build instead of on every request.
 */

/** Text formats; images, fonts and archives are compressed already and would only grow. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map', '.ico', '.wasm']);

/**
 * Below about 1 KB a file travels in one packet either way: a copy would save a few hundred bytes
 * at best, and a tiny file may come out larger.
 */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface CompressedFile {
  /** Relative to the folder, with forward slashes. */
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function compressFile(file: string, root: string): Promise<CompressedFile | undefined> {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) return undefined;
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) return undefined;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const result: CompressedFile = { file: path.relative(root, file).split(path.sep).join('/'), bytes: content.length };
  // A variant that is not smaller is left out: the server then falls back to the next encoding.
  if (br.length < content.length) {
    await fs.writeFile(`${file}.br`, br);
    result.br = br.length;
  }
  if (gz.length < content.length) {
    await fs.writeFile(`${file}.gz`, gz);
    result.gzip = gz.length;
  }
  return result;
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` of 1 KB or more. */
export async function compressAssets(dir: string): Promise<CompressedFile[]> {
  const results = await Promise.all((await listFiles(dir)).map((file) => compressFile(file, dir)));
  return results.filter((result) => result !== undefined);
}

/** Compresses the build output once Vite has written all of it (index.html included). */
export function compressAssetsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'osp:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const results = await compressAssets(outDir);
      // A file without a variant is sent as it is, so it counts at its own size.
      const sum = (pick: (file: CompressedFile) => number) => results.reduce((total, file) => total + pick(file), 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      this.info(
        `compressed ${results.length} files in ${Math.round(performance.now() - started)} ms: ` +
          `${kb(sum((file) => file.bytes))} → br ${kb(sum((file) => file.br ?? file.bytes))}, gzip ${kb(sum((file) => file.gzip ?? file.bytes))}`,
      );
    },
  };
}
