// Random access to a game file without this package doing any I/O: the caller brings the bytes (a file
// handle, an object-storage range reader, a Buffer in tests). A game database can be hundreds of megabytes,
// so readers ask for the parts they need (headers, tables, one record at a time) instead of the whole file.
import { Adler32 } from './adler32';
import { FormatError } from './errors';

export interface RandomAccess {
  /** Total size in bytes. */
  size: number;
  /** Exactly `length` bytes at `offset`; `what` names the part for an error message. */
  read(offset: number, length: number, what: string): Promise<Buffer>;
}

/** A RandomAccess over bytes already in memory (tests, small uploads). */
export function bufferSource(buf: Uint8Array): RandomAccess {
  const bytes = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  return {
    size: bytes.length,
    read: async (offset, length, what) => {
      if (offset < 0 || length < 0 || offset + length > bytes.length) {
        throw new FormatError(`${what} lies outside the file (the file may be truncated)`);
      }
      return bytes.subarray(offset, offset + length);
    },
  };
}

/** Reads a range after checking it lies inside the source, so every source refuses the same way. */
export function readRange(src: RandomAccess, offset: number, length: number, what: string): Promise<Buffer> {
  if (offset < 0 || length < 0 || offset + length > src.size) {
    return Promise.reject(new FormatError(`${what} lies outside the file (the file may be truncated)`));
  }
  return src.read(offset, length, what);
}

const CHUNK = 1 << 20;

/** adler32 of [start, end) read a megabyte at a time. */
export async function adler32Range(src: RandomAccess, start: number, end: number, what: string): Promise<number> {
  const sum = new Adler32();
  for (let at = start; at < end; at += CHUNK) sum.update(await readRange(src, at, Math.min(CHUNK, end - at), what));
  return sum.digest();
}

/**
 * Reads through a source mostly front to back (records, archive parts) in windows of a megabyte or more,
 * so a hundred thousand small records cost a few hundred reads, not a hundred thousand.
 */
export class WindowedReader {
  private start = 0;
  private window: Buffer = Buffer.alloc(0);

  constructor(
    private readonly src: RandomAccess,
    private readonly limit: number = src.size,
    private readonly windowSize = CHUNK,
  ) {}

  async read(offset: number, length: number, what: string): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > this.limit) {
      throw new FormatError(`${what} lies outside the file (the file may be truncated)`);
    }
    const end = offset + length;
    if (offset < this.start || end > this.start + this.window.length) {
      const size = Math.min(Math.max(length, this.windowSize), this.limit - offset);
      this.window = await readRange(this.src, offset, size, what);
      this.start = offset;
    }
    return this.window.subarray(offset - this.start, end - this.start);
  }
}
