// The game database (.arz, FORMATS.md): a header, LZ4 blocks of record data, a record table, a string table
// and a footer of four adler32 sums. Read as a stream: the header and the two tables are read whole (the
// string table of the real game is a few megabytes), records one at a time and only when wanted.
import { adler32 } from './adler32';
import { FormatError } from './errors';
import { lz4CompressBlock, lz4DecompressBlock } from './lz4';
import { adler32Range, readRange, WindowedReader, type RandomAccess } from './random-access';

const HEADER = 24;
const FOOTER = 16;
const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

/** Field types as stored: 0 int, 1 float, 2 string (an index into the string table), 3 bool. */
export type ArzFieldType = 0 | 1 | 2 | 3;
export type ArzValue = number | string | boolean;

/** One record as the database stores it: its path, its Class (the record table's type string), its fields. */
export interface ArzRecord {
  /** Position in the record table. */
  index: number;
  /** The record's path as stored (`records/items/gearweapons/caster/b203_scepter.dbr`). */
  name: string;
  /** Its Class (`WeaponMelee_Scepter`). */
  class: string;
  /** Every field by key; arrays keep their order, a single value is a one-element array. */
  fields: Record<string, ArzValue[]>;
}

/** Where a record lives, read from the record table without decompressing it. */
export interface ArzRecordEntry {
  index: number;
  name: string;
  class: string;
  /** Absolute offset of its LZ4 block. */
  offset: number;
  compressedSize: number;
  size: number;
}

export interface ArzSummary {
  records: number;
  strings: number;
}

export type ArzRecordFilter = (name: string, cls: string) => boolean;

export interface ArzDecodeOptions {
  /** Decode only these keys; the other fields are stepped over (still bounds- and string-index-checked) and left out. */
  fields?: ReadonlySet<string>;
}

/** Shortest decimal that reads back as the same float32 (0.1, not 0.10000000149011612). */
function float32(raw: number): number {
  if (!Number.isFinite(raw)) return raw;
  for (let digits = 1; digits < 9; digits++) {
    const short = Number(raw.toPrecision(digits));
    if (Math.fround(short) === raw) return short;
  }
  return raw;
}

function readStringTable(table: Buffer, at: number): string[] {
  if (table.length < 4) throw new FormatError('.arz string table is too short to hold its count', at);
  const count = table.readUInt32LE(0);
  // Each string takes at least its 4-byte length: a forged count cannot make us allocate or loop past this.
  if (count > (table.length - 4) / 4) {
    throw new FormatError(`.arz string table: ${count} strings cannot fit in ${table.length} bytes`, at);
  }
  const strings = new Array<string>(count);
  let pos = 4;
  for (let i = 0; i < count; i++) {
    if (pos + 4 > table.length) throw new FormatError(`string ${i} of the string table runs past its end`, at + pos);
    const len = table.readUInt32LE(pos);
    pos += 4;
    if (pos + len > table.length) throw new FormatError(`string ${i} of the string table runs past its end`, at + pos);
    strings[i] = table.toString('latin1', pos, pos + len);
    pos += len;
  }
  return strings;
}

/**
 * An opened game database: header, string table and record table in memory, records read on demand.
 * `ArzDatabase.open(src, { verify: true })` also checks the footer's four adler32 sums first.
 */
export class ArzDatabase {
  private constructor(
    private readonly src: RandomAccess,
    readonly strings: readonly string[],
    private readonly table: readonly ArzRecordEntry[],
    private readonly dataEnd: number,
  ) {}

  get recordCount(): number {
    return this.table.length;
  }

  static async open(src: RandomAccess, { verify = false }: { verify?: boolean } = {}): Promise<ArzDatabase> {
    if (src.size < HEADER + FOOTER) throw new FormatError('.arz file is too short to hold its header and footer');
    const h = await readRange(src, 0, HEADER, 'the header');
    if (h.readUInt16LE(0) !== 2 || h.readUInt16LE(2) !== 3) {
      throw new FormatError('.arz header is not a version 3 game database', 0);
    }
    const recordTableStart = h.readUInt32LE(4);
    const recordTableSize = h.readUInt32LE(8);
    const recordCount = h.readUInt32LE(12);
    const stringTableStart = h.readUInt32LE(16);
    const stringTableSize = h.readUInt32LE(20);
    const body = src.size - FOOTER;
    if (recordTableStart < HEADER || recordTableStart + recordTableSize > body) {
      throw new FormatError('.arz record table lies outside the file (the file may be truncated)');
    }
    if (stringTableStart < HEADER || stringTableStart + stringTableSize > body) {
      throw new FormatError('.arz string table lies outside the file (the file may be truncated)');
    }
    if (verify) {
      const footer = await readRange(src, body, FOOTER, 'the footer');
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
        const actual = await adler32Range(src, start, end, `the ${what}`);
        if (actual !== expected) {
          throw new FormatError(
            `.arz ${what} checksum mismatch (adler32 ${hex(actual)}, footer says ${hex(expected)})`,
          );
        }
      }
    }
    const strings = readStringTable(
      await readRange(src, stringTableStart, stringTableSize, 'the string table'),
      stringTableStart,
    );
    const raw = await readRange(src, recordTableStart, recordTableSize, 'the record table');
    // Each entry takes at least 28 bytes; checked before allocating anything per record.
    if (recordCount > recordTableSize / 28) {
      throw new FormatError(`.arz: ${recordCount} records cannot fit in a record table of ${recordTableSize} bytes`);
    }
    const classes = new Map<string, string>(); // one string per Class, not one per record
    const table = new Array<ArzRecordEntry>(recordCount);
    let at = 0;
    for (let r = 0; r < recordCount; r++) {
      const need = (n: number) => {
        if (at + n > raw.length) throw new FormatError(`record ${r} runs past the end of the record table`);
      };
      need(8);
      const nameIndex = raw.readUInt32LE(at);
      const typeLength = raw.readUInt32LE(at + 4);
      at += 8;
      need(typeLength + 20);
      const typeText = raw.toString('latin1', at, at + typeLength);
      const cls = classes.get(typeText) ?? (classes.set(typeText, typeText), typeText);
      at += typeLength;
      const offset = raw.readUInt32LE(at);
      const compressedSize = raw.readUInt32LE(at + 4);
      const size = raw.readUInt32LE(at + 8);
      at += 20; // offset, sizes and the FILETIME
      if (nameIndex >= strings.length) {
        throw new FormatError(`record ${r}: its name ${nameIndex} is not in the string table`);
      }
      if (HEADER + offset + compressedSize > recordTableStart) {
        throw new FormatError(`record ${r}: its data lies outside the record data`);
      }
      table[r] = { index: r, name: strings[nameIndex]!, class: cls, offset: HEADER + offset, compressedSize, size };
    }
    return new ArzDatabase(src, strings, table, recordTableStart);
  }

  /** The record table: every record's path, Class and place, nothing decompressed. */
  entries(): readonly ArzRecordEntry[] {
    return this.table;
  }

  /**
   * Every record the filter wants, one at a time in table order; the others are never decompressed.
   * Reads front to back through a window, so the source sees large sequential reads.
   */
  async *records(want: ArzRecordFilter = () => true, options: ArzDecodeOptions = {}): AsyncGenerator<ArzRecord> {
    const reader = new WindowedReader(this.src, this.dataEnd);
    for (const entry of this.table) {
      if (!want(entry.name, entry.class)) continue;
      const block = await reader.read(entry.offset, entry.compressedSize, `record ${entry.index}`);
      yield this.decode(entry, block, options.fields);
    }
  }

  /** One record by its table entry. */
  async record(entry: ArzRecordEntry, options: ArzDecodeOptions = {}): Promise<ArzRecord> {
    const block = await readRange(this.src, entry.offset, entry.compressedSize, `record ${entry.index}`);
    return this.decode(entry, block, options.fields);
  }

  private decode(entry: ArzRecordEntry, block: Buffer, only?: ReadonlySet<string>): ArzRecord {
    const r = entry.index;
    let data: Buffer;
    try {
      data = lz4DecompressBlock(block, entry.size);
    } catch (err) {
      throw new FormatError(`record ${r} does not decompress: ${(err as Error).message}`, entry.offset);
    }
    const strings = this.strings;
    const outOfRange = (field: string, index: number) =>
      new FormatError(
        `record ${r} (${entry.name}): field ${field}: string index ${index} is out of range (the string table holds ${strings.length})`,
        entry.offset,
      );
    const fields: Record<string, ArzValue[]> = {};
    let at = 0;
    while (at < data.length) {
      if (at + 8 > data.length) throw new FormatError(`record ${r}: a field header is cut short`, entry.offset);
      const type = data.readUInt16LE(at);
      const count = data.readUInt16LE(at + 2);
      const key = data.readUInt32LE(at + 4);
      if (type > 3) throw new FormatError(`record ${r}: unknown field type ${type}`, entry.offset);
      if (key >= strings.length) {
        throw new FormatError(`record ${r}: field key ${key} is not in the string table`, entry.offset);
      }
      at += 8;
      if (at + 4 * count > data.length) {
        throw new FormatError(`record ${r}: a field's values run past the record`, entry.offset);
      }
      if (only && !only.has(strings[key]!)) {
        // Stepped over, but a string value still has to point into the string table.
        if (type === 2) {
          for (let i = 0; i < count; i++) {
            const s = data.readUInt32LE(at + 4 * i);
            if (s >= strings.length) throw outOfRange(strings[key]!, s);
          }
        }
        at += 4 * count;
        continue;
      }
      const values = new Array<ArzValue>(count);
      for (let i = 0; i < count; i++, at += 4) {
        if (type === 0) values[i] = data.readInt32LE(at);
        else if (type === 1) values[i] = float32(data.readFloatLE(at));
        else if (type === 3) values[i] = data.readUInt32LE(at) !== 0;
        else {
          const s = data.readUInt32LE(at);
          if (s >= strings.length) throw outOfRange(strings[key]!, s);
          values[i] = strings[s]!;
        }
      }
      fields[strings[key]!] = values;
    }
    return { index: r, name: entry.name, class: entry.class, fields };
  }
}

/**
 * Validates a game database: the header, the four adler32 sums of the footer, the string table, and every
 * record (its bounds, its LZ4 block decompressing to the declared size, its field layout, and every string
 * value's index inside the string table). Throws FormatError with the reason.
 */
export async function validateArz(src: RandomAccess): Promise<ArzSummary> {
  const db = await ArzDatabase.open(src, { verify: true });
  // Decoding is the check: with no field asked for, every field is checked (type, key, string indices)
  // without building its values, and the records are dropped as they come.
  const none = new Set<string>();
  for await (const record of db.records(() => true, { fields: none })) void record;
  return { records: db.recordCount, strings: db.strings.length };
}

export interface ArzFieldInput {
  type: ArzFieldType;
  key: string;
  /** Numbers for ints and floats, booleans (or 0/1) for bools; for strings the text (a number is taken as a raw string-table index). */
  values: ReadonlyArray<number | string | boolean>;
}

export interface ArzRecordInput {
  name: string;
  /** The record's Class. */
  type: string;
  fields: readonly ArzFieldInput[];
}

/** Writes a valid game database (the project's own writer: demo seeds, tests and the bench). */
export function writeArz(records: Iterable<ArzRecordInput>): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      index.set(s, i);
      strings.push(s);
    }
    return i;
  };
  const blocks: Buffer[] = [];
  const entries: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const record of records) {
    const nameIndex = intern(record.name);
    const raw = Buffer.concat(
      record.fields.map((f) => {
        const b = Buffer.alloc(8 + 4 * f.values.length);
        b.writeUInt16LE(f.type, 0);
        b.writeUInt16LE(f.values.length, 2);
        b.writeUInt32LE(intern(f.key), 4);
        f.values.forEach((v, i) => {
          const at = 8 + 4 * i;
          if (f.type === 1) b.writeFloatLE(Number(v), at);
          else if (f.type === 2 && typeof v === 'string') b.writeUInt32LE(intern(v), at);
          else b.writeUInt32LE(Number(v) >>> 0, at);
        });
        return b;
      }),
    );
    const block = lz4CompressBlock(raw);
    const type = Buffer.from(record.type, 'latin1');
    const entry = Buffer.alloc(8 + type.length + 20);
    entry.writeUInt32LE(nameIndex, 0);
    entry.writeUInt32LE(type.length, 4);
    type.copy(entry, 8);
    entry.writeUInt32LE(offset, 8 + type.length);
    entry.writeUInt32LE(block.length, 12 + type.length);
    entry.writeUInt32LE(raw.length, 16 + type.length);
    entry.writeBigUInt64LE(133_000_000_000_000_000n, 20 + type.length);
    blocks.push(block);
    entries.push(entry);
    offset += block.length;
    count++;
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
  header.writeUInt32LE(count, 12);
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
