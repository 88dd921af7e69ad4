// The game archive (.arc, FORMATS.md): a 28-byte header, file data in parts (LZ4 blocks or stored), a part
// table, a name table and a table of contents. Real archives keep empty entries (storage type 0, no parts, no
// name: five of them in the German text archive); they are read past, never refused.
import { Adler32, adler32 } from './adler32';
import { FormatError } from './errors';
import { lz4CompressBlock, lz4DecompressBlock } from './lz4';
import { readRange, type RandomAccess } from './random-access';

const HEADER = 28;
const PART = 12;
const ENTRY = 44;
const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

export interface ArcPart {
  offset: number;
  compressedSize: number;
  size: number;
}

/** One file of an archive, from its table of contents. */
export interface ArcEntry {
  /** Position in the table of contents. */
  index: number;
  /** Its path inside the archive, as stored (`fg/tagsgdx2_creatures.txt`); empty for an empty entry. */
  name: string;
  /** 1 stored, 3 LZ4 parts, 0 an empty entry (no parts, no data). */
  storage: number;
  size: number;
  compressedSize: number;
  /** The adler32 of its data, as the entry records it. */
  adler32: number;
  parts: ArcPart[];
}

export interface ArcSummary {
  files: number;
  parts: number;
  /** Entries with storage type 0 (no name, no data), counted in `files`. */
  empty: number;
}

/** An opened archive: its table of contents in memory, each file's bytes read on demand. */
export class ArcArchive {
  private readonly byName = new Map<string, ArcEntry>();

  private constructor(
    private readonly src: RandomAccess,
    /** Every entry, empty ones included, in table order. */
    readonly entries: readonly ArcEntry[],
    readonly partCount: number,
  ) {
    for (const e of entries) if (e.name) this.byName.set(e.name.toLowerCase().replace(/\\/g, '/'), e);
  }

  static async open(src: RandomAccess): Promise<ArcArchive> {
    if (src.size < HEADER) throw new FormatError('.arc file is too short to hold its header');
    const h = await readRange(src, 0, HEADER, 'the header');
    if (h.toString('latin1', 0, 4) !== 'ARC\0') throw new FormatError('.arc header has no ARC signature', 0);
    if (h.readUInt32LE(4) !== 3) throw new FormatError(`.arc version ${h.readUInt32LE(4)} is not supported (3)`, 4);
    const fileCount = h.readUInt32LE(8);
    const partCount = h.readUInt32LE(12);
    const partTableSize = h.readUInt32LE(16);
    const stringTableSize = h.readUInt32LE(20);
    const partTableOffset = h.readUInt32LE(24);
    if (partTableSize !== partCount * PART) {
      throw new FormatError(`.arc part table size ${partTableSize} does not match ${partCount} parts`, 16);
    }
    const tocOffset = partTableOffset + partTableSize + stringTableSize;
    if (partTableOffset < HEADER || tocOffset + fileCount * ENTRY > src.size) {
      throw new FormatError('.arc tables lie outside the file (the file may be truncated)');
    }
    const partTable = await readRange(src, partTableOffset, partTableSize, 'the part table');
    const names = await readRange(src, partTableOffset + partTableSize, stringTableSize, 'the name table');
    const toc = await readRange(src, tocOffset, fileCount * ENTRY, 'the table of contents');

    const entries: ArcEntry[] = [];
    for (let f = 0; f < fileCount; f++) {
      const e = f * ENTRY;
      const storage = toc.readUInt32LE(e);
      const compressedSize = toc.readUInt32LE(e + 8);
      const size = toc.readUInt32LE(e + 12);
      const sum = toc.readUInt32LE(e + 16);
      const count = toc.readUInt32LE(e + 28);
      const first = toc.readUInt32LE(e + 32);
      const nameLength = toc.readUInt32LE(e + 36);
      const nameOffset = toc.readUInt32LE(e + 40);
      if (storage === 0) {
        // An empty slot the game's archiver leaves behind: no data, no parts, no name to read.
        if (count !== 0 || size !== 0)
          throw new FormatError(`.arc entry ${f}: an empty entry that claims data`, tocOffset + e);
        entries.push({ index: f, name: '', storage, size: 0, compressedSize: 0, adler32: sum, parts: [] });
        continue;
      }
      if (nameOffset + nameLength >= names.length || names[nameOffset + nameLength] !== 0) {
        throw new FormatError(`.arc entry ${f}: its name is outside the name table or not terminated`, tocOffset + e);
      }
      const name = names.toString('latin1', nameOffset, nameOffset + nameLength);
      if (storage !== 1 && storage !== 3) throw new FormatError(`.arc ${name}: unknown storage type ${storage}`);
      if (first + count > partCount) throw new FormatError(`.arc ${name}: its parts are not in the part table`);
      const parts: ArcPart[] = [];
      let total = 0;
      let totalCompressed = 0;
      for (let p = first; p < first + count; p++) {
        const offset = partTable.readUInt32LE(p * PART);
        const partCompressed = partTable.readUInt32LE(p * PART + 4);
        const partSize = partTable.readUInt32LE(p * PART + 8);
        if (offset < HEADER || offset + partCompressed > partTableOffset) {
          throw new FormatError(`.arc ${name}: part ${p} lies outside the data area`);
        }
        parts.push({ offset, compressedSize: partCompressed, size: partSize });
        total += partSize;
        totalCompressed += partCompressed;
      }
      if (total !== size || totalCompressed !== compressedSize) {
        throw new FormatError(`.arc ${name}: its parts add up to ${total} bytes, the entry says ${size}`);
      }
      entries.push({ index: f, name, storage, size, compressedSize, adler32: sum, parts });
    }
    return new ArcArchive(src, entries, partCount);
  }

  /** The named files (empty entries left out). */
  files(): ArcEntry[] {
    return this.entries.filter((e) => e.storage !== 0);
  }

  /** The entry of a path, compared without case and with either slash; undefined when absent. */
  entry(name: string): ArcEntry | undefined {
    return this.byName.get(name.toLowerCase().replace(/\\/g, '/'));
  }

  /** One file's bytes: its parts read, decompressed where compressed, and checked against its adler32. */
  async read(entryOrName: ArcEntry | string): Promise<Buffer> {
    const entry = typeof entryOrName === 'string' ? this.entry(entryOrName) : entryOrName;
    if (!entry) throw new FormatError(`.arc has no file ${String(entryOrName)}`);
    if (entry.storage === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for (const [i, part] of entry.parts.entries()) {
      const what = `.arc ${entry.name} part ${i}`;
      const raw = await readRange(this.src, part.offset, part.compressedSize, what);
      if (part.compressedSize === part.size) chunks.push(raw);
      else {
        try {
          chunks.push(lz4DecompressBlock(raw, part.size));
        } catch (err) {
          throw new FormatError(
            `.arc ${entry.name}: part ${i} does not decompress: ${(err as Error).message}`,
            part.offset,
          );
        }
      }
    }
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const actual = new Adler32().update(data).digest();
    if (actual !== entry.adler32) {
      throw new FormatError(
        `.arc ${entry.name}: checksum mismatch (adler32 ${hex(actual)}, entry says ${hex(entry.adler32)})`,
      );
    }
    return data;
  }
}

/**
 * Validates a game archive: the header, the part table, the name table, the table of contents, and each
 * file's parts (bounds, LZ4 or stored, declared sizes) against the adler32 recorded for it. Empty entries
 * (storage type 0) are accepted. Throws FormatError with the reason.
 */
export async function validateArc(src: RandomAccess): Promise<ArcSummary> {
  const arc = await ArcArchive.open(src);
  let empty = 0;
  for (const entry of arc.entries) {
    if (entry.storage === 0) empty++;
    else await arc.read(entry);
  }
  return { files: arc.entries.length, parts: arc.partCount, empty };
}

/** A file to write into an archive; `empty: true` writes an empty entry (storage 0, no name) as real archives have. */
export type ArcFileInput = { name: string; data: Buffer } | { empty: true };

/** Writes a valid archive, each file one part (LZ4 when that is smaller, else stored). */
export function writeArc(files: readonly ArcFileInput[]): Buffer {
  const data: Buffer[] = [];
  const parts: Buffer[] = [];
  const names: Buffer[] = [];
  const toc: Buffer[] = [];
  let offset = HEADER;
  let nameOffset = 0;
  for (const file of files) {
    const entry = Buffer.alloc(ENTRY);
    if ('empty' in file) {
      toc.push(entry); // all zero: storage 0, no parts, no name
      continue;
    }
    const packed = lz4CompressBlock(file.data);
    const stored = packed.length >= file.data.length;
    const body = stored ? file.data : packed;
    const part = Buffer.alloc(PART);
    part.writeUInt32LE(offset, 0);
    part.writeUInt32LE(body.length, 4);
    part.writeUInt32LE(file.data.length, 8);
    const name = Buffer.from(`${file.name}\0`, 'latin1');
    entry.writeUInt32LE(stored ? 1 : 3, 0);
    entry.writeUInt32LE(offset, 4);
    entry.writeUInt32LE(body.length, 8);
    entry.writeUInt32LE(file.data.length, 12);
    entry.writeUInt32LE(adler32(file.data), 16);
    entry.writeBigUInt64LE(133_000_000_000_000_000n, 20);
    entry.writeUInt32LE(1, 28);
    entry.writeUInt32LE(parts.length, 32);
    entry.writeUInt32LE(name.length - 1, 36);
    entry.writeUInt32LE(nameOffset, 40);
    data.push(body);
    parts.push(part);
    names.push(name);
    toc.push(entry);
    offset += body.length;
    nameOffset += name.length;
  }
  const header = Buffer.alloc(HEADER);
  header.write('ARC\0', 0, 'latin1');
  header.writeUInt32LE(3, 4);
  header.writeUInt32LE(toc.length, 8);
  header.writeUInt32LE(parts.length, 12);
  header.writeUInt32LE(parts.length * PART, 16);
  header.writeUInt32LE(nameOffset, 20);
  header.writeUInt32LE(offset, 24);
  return Buffer.concat([header, ...data, ...parts, ...names, ...toc]);
}
