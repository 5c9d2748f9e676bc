import { setImmediate as nextTurn } from 'node:timers/promises';
import { PDFDocument, StandardFonts, grayscale, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * Marks every page of a PDF (docs/files.md, "Watermarks") with pdf-lib, on the server's own thread.
 * pdf-lib parses and writes in slices (100 objects, then 50, a turn of the event loop each) and the
 * pages are marked one per turn, so other requests keep being answered while a document is marked;
 * docs/files.md has the measurements that made a worker thread unnecessary.
 */

export interface PdfStamp {
  /** The watermark tile as a PNG with alpha: the same picture images get, rendered by sharp (CJK text included). */
  tile: Buffer;
  /** The font size the tile was rendered at, in pixels: the page's font size in points scales it. */
  tileFontPx: number;
  /** Printable ASCII (the username and the time), written as real text at the foot of every page. */
  footer: string;
}

export interface PdfLimits {
  maxPages: number;
  /** Time at which marking gives up; checked between pages (parsing cannot be interrupted). */
  deadline: number;
}

/** Why a PDF was not marked: the caller turns each into its message. */
export class PdfRefusal extends Error {
  constructor(
    readonly reason: 'encrypted' | 'broken' | 'tooManyPages' | 'tooSlow',
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

/** Above this many tiles a page (a poster, a page thousands of points long), tiles grow instead of multiplying. */
const MAX_TILES_PER_PAGE = 200;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function markPage(page: PDFPage, stamp: PdfStamp, tile: PDFImage, font: PDFFont): void {
  const box = page.getMediaBox();
  // A box may be written with its corners in any order.
  const left = Math.min(box.x, box.x + box.width);
  const bottom = Math.min(box.y, box.y + box.height);
  const width = Math.abs(box.width);
  const height = Math.abs(box.height);
  if (!(width > 0 && height > 0 && Number.isFinite(width * height))) throw new PdfRefusal('broken', 'a page without a usable MediaBox');

  const fontPt = clamp(Math.min(width, height) / 36, 6, 60);
  let tileWidth = (tile.width * fontPt) / stamp.tileFontPx;
  let tileHeight = (tile.height * fontPt) / stamp.tileFontPx;
  const tiles = (width / tileWidth + 1) * (height / tileHeight + 1);
  if (tiles > MAX_TILES_PER_PAGE) {
    const grow = Math.sqrt(tiles / MAX_TILES_PER_PAGE);
    tileWidth *= grow;
    tileHeight *= grow;
  }
  for (let y = bottom; y < bottom + height; y += tileHeight) {
    for (let x = left; x < left + width; x += tileWidth) page.drawImage(tile, { x, y, width: tileWidth, height: tileHeight });
  }
  const footerSize = clamp(fontPt / 2.5, 5, 14);
  page.drawText(stamp.footer, {
    x: left + footerSize,
    y: bottom + footerSize,
    size: footerSize,
    font,
    color: grayscale(0.45),
    opacity: 0.7,
  });
}

/** The marked copy of `content`, or a PdfRefusal; pages, their sizes and rotation are kept. */
export async function markPdf(content: Buffer, stamp: PdfStamp, limits: PdfLimits): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    // updateMetadata: false keeps the document's own producer and dates; only the pages change.
    doc = await PDFDocument.load(content, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new PdfRefusal('broken', String(error).slice(0, 300));
  }
  // pdf-lib cannot decrypt: marking the still-encrypted pages would write a damaged copy.
  if (doc.isEncrypted) throw new PdfRefusal('encrypted');
  try {
    const pages = doc.getPages();
    if (pages.length === 0) throw new PdfRefusal('broken', 'a PDF without pages');
    if (pages.length > limits.maxPages) throw new PdfRefusal('tooManyPages');
    const tile = await doc.embedPng(stamp.tile);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const page of pages) {
      if (Date.now() > limits.deadline) throw new PdfRefusal('tooSlow');
      markPage(page, stamp, tile, font);
      // One page a turn: a long document does not hold up other requests.
      await nextTurn();
    }
    return await doc.save();
  } catch (error) {
    if (error instanceof PdfRefusal) throw error;
    // A page tree pdf-lib cannot walk, an object it cannot write: the document's fault, not the server's.
    throw new PdfRefusal('broken', String(error).slice(0, 300));
  }
}
