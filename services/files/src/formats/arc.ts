import { Adler32 } from './adler32';
import { lz4CompressBlock, lz4DecompressBlock } from './lz4';
import { InvalidFileError, withSource } from './source';

const HEADER = 28;
const PART = 12;
const ENTRY = 44;
const hex = (n: number) => `0x${n.toString(16).padStart(8, '0')}`;

export interface ArcSummary {
  files: number;
  parts: number;
}

/**
 * Validates a game archive: the header, the part table, the name table, the table of contents, and each
 * file's parts (bounds, LZ4 or stored, declared sizes) against the adler32 recorded for it.
 */
export function validateArc(path: string): Promise<ArcSummary> {
  return withSource(path, async (src) => {
    if (src.size < HEADER) throw new InvalidFileError('.arc file is too short to hold its header');
    const h = await src.read(0, HEADER, 'the header');
    if (h.toString('latin1', 0, 4) !== 'ARC\0') throw new InvalidFileError('.arc header has no ARC signature');
    if (h.readUInt32LE(4) !== 3) throw new InvalidFileError(`.arc version ${h.readUInt32LE(4)} is not supported (3)`);
    const fileCount = h.readUInt32LE(8);
    const partCount = h.readUInt32LE(12);
    const partTableSize = h.readUInt32LE(16);
    const stringTableSize = h.readUInt32LE(20);
    const partTableOffset = h.readUInt32LE(24);
    if (partTableSize !== partCount * PART) {
      throw new InvalidFileError(`.arc part table size ${partTableSize} does not match ${partCount} parts`);
    }
    const tocOffset = partTableOffset + partTableSize + stringTableSize;
    if (partTableOffset < HEADER || tocOffset + fileCount * ENTRY > src.size) {
      throw new InvalidFileError('.arc tables lie outside the file (the file may be truncated)');
    }
    const parts = await src.read(partTableOffset, partTableSize, 'the part table');
    const names = await src.read(partTableOffset + partTableSize, stringTableSize, 'the name table');
    const toc = await src.read(tocOffset, fileCount * ENTRY, 'the table of contents');

    for (let f = 0; f < fileCount; f++) {
      const e = f * ENTRY;
      const storage = toc.readUInt32LE(e);
      const compressedSize = toc.readUInt32LE(e + 8);
      const size = toc.readUInt32LE(e + 12);
      const expected = toc.readUInt32LE(e + 16);
      const count = toc.readUInt32LE(e + 28);
      const first = toc.readUInt32LE(e + 32);
      const nameLength = toc.readUInt32LE(e + 36);
      const nameOffset = toc.readUInt32LE(e + 40);
      if (nameOffset + nameLength >= names.length || names[nameOffset + nameLength] !== 0) {
        throw new InvalidFileError(`.arc entry ${f}: its name is outside the name table or not terminated`);
      }
      const name = names.toString('latin1', nameOffset, nameOffset + nameLength);
      if (storage !== 1 && storage !== 3) throw new InvalidFileError(`.arc ${name}: unknown storage type ${storage}`);
      if (first + count > partCount) throw new InvalidFileError(`.arc ${name}: its parts are not in the part table`);
      const sum = new Adler32();
      let total = 0;
      let totalCompressed = 0;
      for (let p = first; p < first + count; p++) {
        const offset = parts.readUInt32LE(p * PART);
        const compressed = parts.readUInt32LE(p * PART + 4);
        const decompressed = parts.readUInt32LE(p * PART + 8);
        if (offset < HEADER || offset + compressed > partTableOffset) {
          throw new InvalidFileError(`.arc ${name}: part ${p} lies outside the data area`);
        }
        const raw = await src.read(offset, compressed, `.arc ${name} part ${p}`);
        let data = raw;
        if (compressed !== decompressed) {
          try {
            data = lz4DecompressBlock(raw, decompressed);
          } catch (err) {
            throw new InvalidFileError(`.arc ${name}: part ${p} does not decompress: ${(err as Error).message}`);
          }
        }
        sum.update(data);
        total += decompressed;
        totalCompressed += compressed;
      }
      if (total !== size || totalCompressed !== compressedSize) {
        throw new InvalidFileError(`.arc ${name}: its parts add up to ${total} bytes, the entry says ${size}`);
      }
      const actual = sum.digest();
      if (actual !== expected) {
        throw new InvalidFileError(
          `.arc ${name}: checksum mismatch (adler32 ${hex(actual)}, entry says ${hex(expected)})`,
        );
      }
    }
    return { files: fileCount, parts: partCount };
  });
}

/** Writes a small, valid archive, each file one part (LZ4 when that is smaller, else stored). */
export function writeArc(files: Array<{ name: string; data: Buffer }>): Buffer {
  const data: Buffer[] = [];
  const parts: Buffer[] = [];
  const names: Buffer[] = [];
  const toc: Buffer[] = [];
  let offset = HEADER;
  let nameOffset = 0;
  files.forEach((file, i) => {
    const packed = lz4CompressBlock(file.data);
    const stored = packed.length >= file.data.length;
    const body = stored ? file.data : packed;
    const part = Buffer.alloc(PART);
    part.writeUInt32LE(offset, 0);
    part.writeUInt32LE(body.length, 4);
    part.writeUInt32LE(file.data.length, 8);
    const name = Buffer.from(`${file.name}\0`, 'latin1');
    const entry = Buffer.alloc(ENTRY);
    entry.writeUInt32LE(stored ? 1 : 3, 0);
    entry.writeUInt32LE(offset, 4);
    entry.writeUInt32LE(body.length, 8);
    entry.writeUInt32LE(file.data.length, 12);
    entry.writeUInt32LE(new Adler32().update(file.data).digest(), 16);
    entry.writeBigUInt64LE(133_000_000_000_000_000n, 20);
    entry.writeUInt32LE(1, 28);
    entry.writeUInt32LE(i, 32);
    entry.writeUInt32LE(name.length - 1, 36);
    entry.writeUInt32LE(nameOffset, 40);
    data.push(body);
    parts.push(part);
    names.push(name);
    toc.push(entry);
    offset += body.length;
    nameOffset += name.length;
  });
  const header = Buffer.alloc(HEADER);
  header.write('ARC\0', 0, 'latin1');
  header.writeUInt32LE(3, 4);
  header.writeUInt32LE(files.length, 8);
  header.writeUInt32LE(files.length, 12);
  header.writeUInt32LE(files.length * PART, 16);
  header.writeUInt32LE(nameOffset, 20);
  header.writeUInt32LE(offset, 24);
  return Buffer.concat([header, ...data, ...parts, ...names, ...toc]);
}
