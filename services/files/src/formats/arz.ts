import { adler32 } from './adler32';
import { lz4CompressBlock, lz4DecompressBlock } from './lz4';
import { InvalidFileError, withSource, type FileSource } from './source';

const HEADER = 24;
const FOOTER = 16;
const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

export interface ArzSummary {
  records: number;
  strings: number;
}

async function readStringTable(src: FileSource, start: number, size: number): Promise<number> {
  const table = await src.read(start, size, 'the string table');
  if (size < 4) throw new InvalidFileError('the string table is too short to hold its count');
  const count = table.readUInt32LE(0);
  let at = 4;
  for (let i = 0; i < count; i++) {
    if (at + 4 > size) throw new InvalidFileError(`string ${i} of the string table runs past its end`);
    at += 4 + table.readUInt32LE(at);
    if (at > size) throw new InvalidFileError(`string ${i} of the string table runs past its end`);
  }
  return count;
}

function checkRecordData(data: Buffer, strings: number, record: number): void {
  let at = 0;
  while (at < data.length) {
    if (at + 8 > data.length) throw new InvalidFileError(`record ${record}: a field header is cut short`);
    const type = data.readUInt16LE(at);
    const count = data.readUInt16LE(at + 2);
    const key = data.readUInt32LE(at + 4);
    if (type > 3) throw new InvalidFileError(`record ${record}: unknown field type ${type}`);
    if (key >= strings) throw new InvalidFileError(`record ${record}: field key ${key} is not in the string table`);
    at += 8 + 4 * count;
    if (at > data.length) throw new InvalidFileError(`record ${record}: a field's values run past the record`);
  }
}

/**
 * Validates a game database: the header, the four adler32 sums of the footer, the string table, and every
 * record (its bounds, its LZ4 block decompressing to the declared size, and its field layout).
 */
export function validateArz(path: string): Promise<ArzSummary> {
  return withSource(path, async (src) => {
    if (src.size < HEADER + FOOTER) throw new InvalidFileError('.arz file is too short to hold its header and footer');
    const h = await src.read(0, HEADER, 'the header');
    if (h.readUInt16LE(0) !== 2 || h.readUInt16LE(2) !== 3) {
      throw new InvalidFileError('.arz header is not a version 3 game database');
    }
    const recordTableStart = h.readUInt32LE(4);
    const recordTableSize = h.readUInt32LE(8);
    const recordCount = h.readUInt32LE(12);
    const stringTableStart = h.readUInt32LE(16);
    const stringTableSize = h.readUInt32LE(20);
    const body = src.size - FOOTER;
    if (recordTableStart < HEADER || recordTableStart + recordTableSize > body) {
      throw new InvalidFileError('.arz record table lies outside the file (the file may be truncated)');
    }
    if (stringTableStart < HEADER || stringTableStart + stringTableSize > body) {
      throw new InvalidFileError('.arz string table lies outside the file (the file may be truncated)');
    }

    const footer = await src.read(body, FOOTER, 'the footer');
    // Footer order: whole file, string table, record data, record table. The sections are checked first so
    // the reason names the damaged part; the whole-file sum then catches the header.
    const sums: Array<[string, number, number, number]> = [
      ['string table', 4, stringTableStart, stringTableStart + stringTableSize],
      ['record data', 8, HEADER, recordTableStart],
      ['record table', 12, recordTableStart, recordTableStart + recordTableSize],
      ['whole file', 0, 0, body],
    ];
    for (const [what, at, start, end] of sums) {
      const expected = footer.readUInt32LE(at);
      const actual = await src.adler32(start, end, `the ${what}`);
      if (actual !== expected) {
        throw new InvalidFileError(
          `.arz ${what} checksum mismatch (adler32 ${hex(actual)}, footer says ${hex(expected)})`,
        );
      }
    }

    const strings = await readStringTable(src, stringTableStart, stringTableSize);
    const table = await src.read(recordTableStart, recordTableSize, 'the record table');
    let at = 0;
    for (let r = 0; r < recordCount; r++) {
      const need = (n: number) => {
        if (at + n > table.length) throw new InvalidFileError(`record ${r} runs past the end of the record table`);
      };
      need(8);
      const name = table.readUInt32LE(at);
      const typeLength = table.readUInt32LE(at + 4);
      at += 8;
      need(typeLength + 20);
      at += typeLength;
      const offset = table.readUInt32LE(at);
      const compressed = table.readUInt32LE(at + 4);
      const decompressed = table.readUInt32LE(at + 8);
      at += 20; // offset, sizes and the FILETIME
      if (name >= strings) throw new InvalidFileError(`record ${r}: its name ${name} is not in the string table`);
      if (HEADER + offset + compressed > recordTableStart) {
        throw new InvalidFileError(`record ${r}: its data lies outside the record data`);
      }
      const block = await src.read(HEADER + offset, compressed, `record ${r}`);
      let data: Buffer;
      try {
        data = lz4DecompressBlock(block, decompressed);
      } catch (err) {
        throw new InvalidFileError(`record ${r} does not decompress: ${(err as Error).message}`);
      }
      checkRecordData(data, strings, r);
    }
    return { records: recordCount, strings };
  });
}

export interface ArzRecordInput {
  name: string;
  type: string;
  fields: Array<{ type: 0 | 1 | 2 | 3; key: string; values: number[] }>;
}

/** Writes a small, valid game database (the project's own writer: demo seeds and tests). */
export function writeArz(records: ArzRecordInput[]): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (s: string) => {
    if (!index.has(s)) {
      index.set(s, strings.length);
      strings.push(s);
    }
    return index.get(s)!;
  };
  const blocks: Buffer[] = [];
  const entries: Buffer[] = [];
  let offset = 0;
  for (const record of records) {
    const raw = Buffer.concat(
      record.fields.map((f) => {
        const b = Buffer.alloc(8 + 4 * f.values.length);
        b.writeUInt16LE(f.type, 0);
        b.writeUInt16LE(f.values.length, 2);
        b.writeUInt32LE(intern(f.key), 4);
        f.values.forEach((v, i) => (f.type === 1 ? b.writeFloatLE(v, 8 + 4 * i) : b.writeUInt32LE(v >>> 0, 8 + 4 * i)));
        return b;
      }),
    );
    const block = lz4CompressBlock(raw);
    const type = Buffer.from(record.type, 'latin1');
    const entry = Buffer.alloc(8 + type.length + 20);
    entry.writeUInt32LE(intern(record.name), 0);
    entry.writeUInt32LE(type.length, 4);
    type.copy(entry, 8);
    entry.writeUInt32LE(offset, 8 + type.length);
    entry.writeUInt32LE(block.length, 12 + type.length);
    entry.writeUInt32LE(raw.length, 16 + type.length);
    entry.writeBigUInt64LE(133_000_000_000_000_000n, 20 + type.length);
    blocks.push(block);
    entries.push(entry);
    offset += block.length;
  }
  const recordData = Buffer.concat(blocks);
  const recordTable = Buffer.concat(entries);
  const stringTable = Buffer.concat([
    Buffer.from(Uint32Array.of(strings.length).buffer),
    ...strings.map((s) => {
      const b = Buffer.from(s, 'latin1');
      const len = Buffer.alloc(4);
      len.writeUInt32LE(b.length, 0);
      return Buffer.concat([len, b]);
    }),
  ]);
  const header = Buffer.alloc(HEADER);
  header.writeUInt16LE(2, 0);
  header.writeUInt16LE(3, 2);
  header.writeUInt32LE(HEADER + recordData.length, 4);
  header.writeUInt32LE(recordTable.length, 8);
  header.writeUInt32LE(records.length, 12);
  header.writeUInt32LE(HEADER + recordData.length + recordTable.length, 16);
  header.writeUInt32LE(stringTable.length, 20);
  const body = Buffer.concat([header, recordData, recordTable, stringTable]);
  const footer = Buffer.alloc(FOOTER);
  footer.writeUInt32LE(adler32(body), 0);
  footer.writeUInt32LE(adler32(stringTable), 4);
  footer.writeUInt32LE(adler32(recordData), 8);
  footer.writeUInt32LE(adler32(recordTable), 12);
  return Buffer.concat([body, footer]);
}

/** Recomputes the footer of a (possibly tampered) database, so a test can reach the checks behind the sums. */
export function resealArz(file: Buffer): Buffer {
  const body = file.subarray(0, file.length - FOOTER);
  const rts = body.readUInt32LE(4);
  const rtSize = body.readUInt32LE(8);
  const sts = body.readUInt32LE(16);
  const stSize = body.readUInt32LE(20);
  const footer = Buffer.alloc(FOOTER);
  footer.writeUInt32LE(adler32(body), 0);
  footer.writeUInt32LE(adler32(body.subarray(sts, sts + stSize)), 4);
  footer.writeUInt32LE(adler32(body.subarray(HEADER, rts)), 8);
  footer.writeUInt32LE(adler32(body.subarray(rts, rts + rtSize)), 12);
  return Buffer.concat([body, footer]);
}
