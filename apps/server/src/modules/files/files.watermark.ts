import os from 'node:os';
import {
  dateTimeText,
  FileMessages,
  StatusCode,
  WATERMARK_IMAGE_TYPES,
  WATERMARK_MAX_PDF_PAGES,
  WATERMARK_MAX_PIXELS,
  WATERMARK_PDF_TYPE,
} from '@osp/shared';
import type { Metadata } from 'sharp';
import { loadSharp } from '../../lib/sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { CallerUser } from '../../context';
import { AppError } from '../../http/errors';
import type { PdfRefusal } from './files.watermark-pdf';

/**
 * The watermarked copy of a download (`?watermark=1`, docs/files.md "Watermarks"): the viewer's name,
 * username and the time, tiled diagonally and semi-transparent over an image (re-encoded in its own format
 * by sharp) or over every page of a PDF (pdf-lib: files.watermark-pdf.ts). Made per request and never
 * stored: it names the viewer.
 */

export interface WatermarkText {
  /** What the tiles say: `张三 zhangsan`, then `2026-11-25 10:30` (Asia/Shanghai). */
  lines: [string, string];
  /** The username and the time, printable ASCII only: a PDF's standard font writes nothing else as real text. */
  footer: string;
}

export interface WatermarkLimits {
  /** How long one image or PDF may take before the request is answered 422 (tooComplex). */
  timeoutMs: number;
  maxPdfPages: number;
}

export const WATERMARK_LIMITS: WatermarkLimits = { timeoutMs: 30_000, maxPdfPages: WATERMARK_MAX_PDF_PAGES };

export interface WatermarkOptions {
  limits?: WatermarkLimits;
  /** Where a refusal's cause is noted (the viewer sees only the message). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** `2026-11-25 10:30`, Asia/Shanghai (DESIGN §4: the UI's zone), as the pages write an exact time. */
export function watermarkTime(at: Date): string {
  return dateTimeText(at.toISOString());
}

export function watermarkTextOf(viewer: Pick<CallerUser, 'name' | 'username'>, at: Date): WatermarkText {
  const time = watermarkTime(at);
  const name = viewer.name.trim();
  const who = name === '' || name === viewer.username ? viewer.username : `${name} ${viewer.username}`;
  const asciiUsername = viewer.username.replace(/[^\x20-\x7e]/g, '');
  return { lines: [who, time], footer: `${asciiUsername} ${time}`.trim() };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rough advance of a line in ems: CJK and other wide characters one em, the rest about 0.6. */
function widthInEms(line: string): number {
  let ems = 0;
  for (const character of line) ems += (character.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.6;
  return ems;
}

const TILE_ANGLE = 30;

/**
 * One tile of the pattern: the two lines centred and turned 30° up to the right, with room around them.
 * Dark text with a light edge, both faint, so that it reads on white paper and on a dark photo alike.
 * Cut to `max` when the picture is smaller than a tile (sharp cannot tile with a larger overlay).
 */
function tileSvg(text: WatermarkText, fontPx: number, max?: { width: number; height: number }) {
  const lineWidth = Math.max(...text.lines.map(widthInEms)) * fontPx;
  const blockHeight = fontPx * 2.4;
  const radians = (TILE_ANGLE * Math.PI) / 180;
  const gap = fontPx * 4;
  let width = Math.ceil(lineWidth * Math.cos(radians) + blockHeight * Math.sin(radians) + gap);
  let height = Math.ceil(lineWidth * Math.sin(radians) + blockHeight * Math.cos(radians) + gap);
  if (max) {
    width = Math.max(1, Math.min(width, max.width));
    height = Math.max(1, Math.min(height, max.height));
  }
  const [first, second] = text.lines.map(escapeXml);
  const cx = width / 2;
  const cy = height / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g transform="rotate(-${TILE_ANGLE} ${cx} ${cy})" text-anchor="middle" font-size="${fontPx}"` +
    ` font-family="Noto Sans CJK SC, Source Han Sans SC, WenQuanYi Micro Hei, Microsoft YaHei, PingFang SC, sans-serif"` +
    ` fill="#000000" fill-opacity="0.24" stroke="#ffffff" stroke-opacity="0.28" stroke-width="${Math.max(0.5, fontPx / 28)}">` +
    `<text x="${cx}" y="${cy - fontPx * 0.15}">${first}</text>` +
    `<text x="${cx}" y="${cy + fontPx * 1.15}">${second}</text>` +
    `</g></svg>`;
  return { svg: Buffer.from(svg), width, height };
}

const invalid = (message: string) => new AppError(StatusCode.invalid, message);

/**
 * At most one job per core at a time, images and PDFs alike; the rest wait their turn. What it bounds is
 * memory: a job holds its file, its decoded pixels or parsed PDF, and the copy; the file is read only once a
 * turn comes, so a crowd of waiting requests holds no file at all.
 */
export class WatermarkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await job();
    } finally {
      // The turn passes straight to the next in line; `running` drops only when no one waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

export const watermarkQueue = new WatermarkQueue(Math.max(1, os.availableParallelism()));

async function markImage(content: Buffer, mime: string, text: WatermarkText, options: WatermarkOptions): Promise<Buffer> {
  const limits = options.limits ?? WATERMARK_LIMITS;
  // GIF and WebP may be animated: every frame is marked (sharp stacks the frames into one tall picture).
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(content, { animated, limitInputPixels: false }).metadata();
  } catch (error) {
    options.log?.warn({ err: error, mime }, 'an image to watermark could not be read');
    throw invalid(FileMessages.watermarkImageBroken);
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw invalid(FileMessages.watermarkImageBroken);
  // Checked from the header, before a pixel is decoded: a small file can declare a gigantic picture.
  if (meta.width * frameHeight * (animated ? (meta.pages ?? 1) : 1) > WATERMARK_MAX_PIXELS) {
    throw invalid(FileMessages.watermarkTooManyPixels);
  }
  // A photo's EXIF orientation is applied, since re-encoding drops the EXIF that told the viewer to turn it.
  const isTurned = !animated && (meta.orientation ?? 1) !== 1;
  const sideways = isTurned && (meta.orientation ?? 1) >= 5;
  const [width, height] = sideways ? [frameHeight, meta.width] : [meta.width, frameHeight];
  const fontPx = Math.round(Math.min(Math.max(Math.min(width, height) / 36, 12), 160));
  // The tile may not be taller than the whole strip of frames, nor wider than a frame.
  const tile = tileSvg(text, fontPx, { width, height: animated ? frameHeight * (meta.pages ?? 1) : height });

  let image = sharp(content, { animated, limitInputPixels: WATERMARK_MAX_PIXELS }).timeout({
    seconds: Math.max(1, Math.ceil(limits.timeoutMs / 1000)),
  });
  if (isTurned) image = image.rotate();
  image = image.composite([{ input: tile.svg, tile: true }]);
  const encoded =
    mime === 'image/jpeg'
      ? image.jpeg({ quality: 90 })
      : mime === 'image/png'
        ? image.png()
        : mime === 'image/webp'
          ? image.webp({ quality: 90 })
          : image.gif();
  try {
    return await encoded.toBuffer();
  } catch (error) {
    options.log?.warn({ err: error, mime }, 'an image could not be watermarked');
    if (error instanceof Error && /timeout/i.test(error.message)) throw invalid(FileMessages.watermarkTooComplex);
    throw invalid(FileMessages.watermarkImageBroken);
  }
}

/** The PDF tile is rendered large once and scaled to each page's size by files.watermark-pdf.ts. */
const PDF_TILE_FONT_PX = 48;

const PDF_REFUSALS: Record<PdfRefusal['reason'], string> = {
  encrypted: FileMessages.watermarkPdfEncrypted,
  broken: FileMessages.watermarkPdfBroken,
  tooManyPages: FileMessages.watermarkTooManyPages,
  tooSlow: FileMessages.watermarkTooComplex,
};

async function markPdf(content: Buffer, text: WatermarkText, options: WatermarkOptions): Promise<Buffer> {
  const limits = options.limits ?? WATERMARK_LIMITS;
  // CJK is drawn as a picture: pdf-lib's standard fonts have no Chinese, and embedding a CJK font would
  // add megabytes to every copy; sharp renders the tile with the system's fonts, as for images.
  const sharp = await loadSharp();
  const tile = await sharp(tileSvg(text, PDF_TILE_FONT_PX).svg).png().toBuffer();
  // pdf-lib (about 14 MB) is loaded with the first PDF to mark.
  const pdf = await import('./files.watermark-pdf');
  try {
    const marked = await pdf.markPdf(
      content,
      { tile, tileFontPx: PDF_TILE_FONT_PX, footer: text.footer },
      { maxPages: limits.maxPdfPages, deadline: Date.now() + limits.timeoutMs },
    );
    return Buffer.from(marked.buffer, marked.byteOffset, marked.byteLength);
  } catch (error) {
    if (!(error instanceof pdf.PdfRefusal)) throw error;
    options.log?.warn({ reason: error.reason, detail: error.message }, 'a PDF was not watermarked');
    throw invalid(PDF_REFUSALS[error.reason]);
  }
}

/**
 * The marked copy of `content` (a file of type `mime`), or undefined for a type that is not marked.
 * Refusals are 422s with a message the viewer can act on; none is a 500.
 */
export async function watermark(
  content: Buffer,
  mime: string,
  text: WatermarkText,
  options: WatermarkOptions = {},
): Promise<Buffer | undefined> {
  if (mime === WATERMARK_PDF_TYPE) return markPdf(content, text, options);
  if (WATERMARK_IMAGE_TYPES.includes(mime)) return markImage(content, mime, text, options);
  return undefined;
}
