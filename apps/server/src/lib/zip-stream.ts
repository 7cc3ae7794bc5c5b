import { pipeline, Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/** One file of the archive: its path inside it and its content, read once, piece by piece. */
export interface ZipEntry {
  readonly name: string;
  readonly content: string | AsyncIterable<string>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Sizes and CRC follow the data (bit 3), names are UTF-8 (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const DEFLATED = 8;
/** 2.0: deflate and data descriptors, what every reader of spreadsheets handles. */
const VERSION = 20;
/** Past this a size needs Zip64, which this writer does not write. */
const LARGEST = 0xffff_ffff;

interface Written {
  readonly name: Buffer;
  readonly offset: number;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
}

/** MS-DOS date and time fields of a UTC instant (two-second precision, from 1980). */
function dosDateTime(at: Date): { date: number; time: number } {
  return {
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

function localHeader(name: Buffer, stamp: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATED, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // CRC and sizes (14-25) stay zero: the data descriptor after the data carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written, stamp: { date: number; time: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATED, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk, attributes: none (30-41).
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function tooLarge(value: number): void {
  if (value >= LARGEST) throw new Error('A file of the archive reached 4 GiB, which needs Zip64');
}

/**
 * A ZIP archive of the entries, written while their content is read: each is deflated by zlib as it
 * comes, with the reading paused while the archive's reader is behind (the pipeline's backpressure),
 * and its CRC and sizes follow its data, so that nothing is held but zlib's window and the piece in
 * hand. Stopping early (the client went away) ends the content's reading too.
 */
export async function* zipStream(entries: readonly ZipEntry[], now = new Date()): AsyncGenerator<Buffer> {
  const stamp = dosDateTime(now);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = localHeader(name, stamp);
    yield header;
    let crc = 0;
    let size = 0;
    async function* counted(content: string | AsyncIterable<string>): AsyncGenerator<Buffer> {
      for await (const piece of typeof content === 'string' ? [content] : content) {
        const bytes = Buffer.from(piece, 'utf8');
        crc = crc32(bytes, crc);
        size += bytes.length;
        yield bytes;
      }
    }
    const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
    // An error of either side destroys the other; it reaches the loop below through the deflater.
    pipeline(Readable.from(counted(entry.content)), deflate, () => undefined);
    let compressed = 0;
    try {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        yield chunk;
      }
    } finally {
      deflate.destroy();
    }
    tooLarge(size);
    tooLarge(compressed);
    const done: Written = { name, offset, crc, compressed, size };
    written.push(done);
    const descriptor = dataDescriptor(done);
    yield descriptor;
    offset += header.length + compressed + descriptor.length;
    tooLarge(offset);
  }
  let directorySize = 0;
  for (const entry of written) {
    const header = centralHeader(entry, stamp);
    directorySize += header.length;
    yield header;
  }
  yield endOfCentralDirectory(written.length, directorySize, offset);
}
