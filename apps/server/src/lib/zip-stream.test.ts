import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip-stream.js';

async function archive(entries: readonly ZipEntry[]): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of zipStream(entries, new Date('2026-11-03T10:20:30Z'))) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** The files of an archive as its central directory lists them, each inflated and its CRC checked. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const content = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(content.length).toBe(size);
    expect(crc32(content)).toBe(crc);
    // The data descriptor after the data repeats the CRC and sizes.
    expect(zip.readUInt32LE(dataStart + compressed)).toBe(0x08074b50);
    expect(zip.readUInt32LE(dataStart + compressed + 4)).toBe(crc);
    files.set(name, content.toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

describe('zipStream', () => {
  it('writes an archive whose files inflate back to their content', async () => {
    async function* rows() {
      await yieldToEventLoop();
      for (let row = 0; row < 2_000; row++)
        yield `<row r="${String(row)}">Zoë &amp; ${'x'.repeat(row % 50)}</row>`;
    }
    let expected = '';
    for await (const row of rows()) expected += row;
    const files = unzip(
      await archive([
        { name: 'a.xml', content: '<a/>' },
        { name: 'dossier/é.xml', content: rows() },
      ]),
    );
    expect([...files.keys()]).toEqual(['a.xml', 'dossier/é.xml']);
    expect(files.get('a.xml')).toBe('<a/>');
    expect(files.get('dossier/é.xml')).toBe(expected);
  });

  it('stops reading the content when the reader of the archive stops', async () => {
    let finished = false;
    let read = 0;
    async function* endless() {
      await yieldToEventLoop();
      try {
        for (;;) {
          read += 1;
          yield 'piece of text that repeats itself '.repeat(100);
        }
      } finally {
        finished = true;
      }
    }
    let bytes = 0;
    for await (const piece of zipStream([{ name: 'endless.txt', content: endless() }])) {
      bytes += piece.length;
      if (read > 100) break;
    }
    expect(bytes).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(true);
  });

  it('passes an error of the content on to the reader of the archive', async () => {
    async function* failing() {
      await yieldToEventLoop();
      yield 'first';
      throw new Error('the database went away');
    }
    await expect(archive([{ name: 'x.txt', content: failing() }])).rejects.toThrow('the database went away');
  });
});
