import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip written front to back into a stream (PKWARE APPNOTE 6.3, no zip64: every entry and the whole file stay
 * under 4 GiB, which an export of at most BILL_EXPORT_MAX_ROWS rows is far from). Small entries are deflated at once;
 * a streamed entry is deflated as its text arrives, its CRC and sizes following it in a data descriptor (general
 * purpose flag bit 3), so nothing of it is held beyond what the deflate stream buffers. Every write waits for the
 * output to drain: memory stays flat however slowly the file is read.
 *
 * Why not archiver (which exceljs brings along): its readable-stream 2 pipes and JavaScript CRC made half the time of
 * an export, and an xlsx needs nothing of it but this.
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const DEFLATE = 8;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const VERSION = 20;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** The MS-DOS time and date of a zip entry (local time has no meaning for a download: UTC). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

export class ZipStream {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosTime(new Date());

  /** `signal`: aborted when the reader has gone; every wait then ends (a destroyed output never drains). */
  constructor(
    private readonly output: Writable,
    private readonly signal: AbortSignal,
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    this.signal.throwIfAborted();
    this.offset += chunk.length;
    if (!this.output.write(chunk)) await once(this.output, 'drain', { signal: this.signal });
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(entry.time, 10);
    header.writeUInt16LE(entry.date, 12);
    // With a data descriptor these three are zero here.
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, entry.name]);
  }

  private newEntry(name: string, flags: number): Entry {
    return {
      name: Buffer.from(name, 'utf8'),
      flags: flags | FLAG_UTF8,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
      ...this.stamp,
    };
  }

  /** A small entry, whole. */
  async addFile(name: string, content: string | Buffer): Promise<void> {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const deflated = deflateRawSync(data);
    const entry = { ...this.newEntry(name, 0), crc: crc32(data), compressed: deflated.length, size: data.length };
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    await this.write(deflated);
  }

  /**
   * A streamed entry: `produce` writes its text piece by piece through the function it is given, which resolves when
   * the piece may be followed by the next (the deflate stream and the output took it). A Buffer piece (UTF-8) belongs
   * to the deflate stream from then on: the producer must not write into it again.
   */
  async addStream(name: string, produce: (write: (text: string | Buffer) => Promise<void>) => Promise<void>): Promise<void> {
    const entry = this.newEntry(name, FLAG_DESCRIPTOR);
    this.entries.push(entry);
    await this.write(this.localHeader(entry));
    const deflate = createDeflateRaw();
    const abort = () => deflate.destroy();
    this.signal.addEventListener('abort', abort, { once: true });
    // The deflated bytes go out in order; the deflate stream pauses until the output took each piece.
    let forwarding = Promise.resolve();
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      deflate.pause();
      forwarding = forwarding.then(() => this.write(chunk)).finally(() => deflate.resume());
      // Awaited by the next piece or at the end; a failure meanwhile (the reader gone) must not go unhandled.
      forwarding.catch(() => undefined);
    });
    const ended = once(deflate, 'end', { signal: this.signal });
    ended.catch(() => undefined);
    try {
      await produce(async (text) => {
        const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain', { signal: this.signal });
        await forwarding;
      });
      deflate.end();
      await ended;
      await forwarding;
    } finally {
      this.signal.removeEventListener('abort', abort);
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
  }

  /** The central directory and its end record; then the output is ended. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(entry.flags, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(entry.time, 12);
      header.writeUInt16LE(entry.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
      // extra, comment, disk, internal attributes, external attributes: none.
      header.writeUInt32LE(entry.offset, 42);
      await this.write(Buffer.concat([header, entry.name]));
    }
    const size = this.offset - start;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.output.end();
  }
}
