import { StatusCode, UserImportMessages } from '@osp/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../http/errors';

/**
 * An .xlsx file is a zip archive, and a 400 KB zip can inflate to gigabytes (DESIGN §5a). Before
 * the file reaches the xlsx parser, which inflates everything into memory, its structure is
 * checked here: the central directory must be readable, name an xlsx workbook, hold few entries
 * whose declared sizes and compression ratios are within bounds — and then every entry is actually
 * inflated as a stream and counted, because declared sizes are the uploader's word: yauzl stops an
 * entry the moment it yields more bytes than its header declared. Nothing is kept but counters.
 */
export interface XlsxLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Inflated size / compressed size, checked for entries past `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** A workbook of 5,000 users inflates to about 4 MB; these leave room without letting a bomb through. */
export const XLSX_LIMITS: XlsxLimits = {
  maxEntries: 200,
  maxEntryBytes: 20 * 1024 * 1024,
  maxTotalBytes: 40 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

const REQUIRED_ENTRIES = ['[Content_Types].xml', 'xl/workbook.xml'];
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

class NotXlsx extends AppError {
  constructor() {
    super(StatusCode.invalid, UserImportMessages.notXlsx, { errors: { file: [UserImportMessages.notXlsx] } });
  }
}

class UnsafeZip extends AppError {
  constructor() {
    super(StatusCode.invalid, UserImportMessages.unsafe, { errors: { file: [UserImportMessages.unsafe] } });
  }
}

function openZip(content: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error) reject(new NotXlsx());
      else resolve(zip);
    });
  });
}

/** Reads the central directory, refusing as soon as a limit is passed. */
function readDirectory(zip: ZipFile, limits: XlsxLimits): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let declaredTotal = 0;
    zip.on('entry', (entry: Entry) => {
      declaredTotal += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        entries.length >= limits.maxEntries ||
        entry.uncompressedSize > limits.maxEntryBytes ||
        declaredTotal > limits.maxTotalBytes ||
        (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio)
      ) {
        reject(new UnsafeZip());
        return;
      }
      if (entry.isEncrypted() || !entry.canDecodeFileData()) {
        reject(new NotXlsx());
        return;
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new NotXlsx()));
    zip.readEntry();
  });
}

/** Inflates one entry into nothing, counting bytes; yauzl errors when the entry outgrows its header. */
function inflatedSize(zip: ZipFile, entry: Entry, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(new NotXlsx());
        return;
      }
      let count = 0;
      stream.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > budget) {
          stream.destroy();
          reject(new UnsafeZip());
        }
      });
      stream.on('error', (streamError: Error) => {
        reject(/too many bytes/.test(streamError.message) ? new UnsafeZip() : new NotXlsx());
      });
      stream.on('end', () => resolve(count));
    });
  });
}

export async function assertSafeXlsx(content: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  if (content.length < ZIP_MAGIC.length || !content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new NotXlsx();
  const zip = await openZip(content);
  try {
    if (zip.entryCount > limits.maxEntries) throw new UnsafeZip();
    const entries = await readDirectory(zip, limits);
    const names = new Set(entries.map((e) => e.fileName));
    if (!REQUIRED_ENTRIES.every((name) => names.has(name))) throw new NotXlsx();
    let total = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      total += await inflatedSize(zip, entry, Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total));
    }
  } finally {
    zip.close();
  }
}
