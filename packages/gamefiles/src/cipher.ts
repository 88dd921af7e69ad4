// The save cipher shared by player.gdc, the transfer stash and quests.gdd (FORMATS.md "The save cipher").
// The reader never trusts a length: every read is bounds-checked against the input, so a forged length
// ends in a FormatError, never in an allocation larger than the input or a loop past its end.
import { FormatError } from './errors';

const SEED_MASK = 0x55555555;
const TABLE_MULTIPLIER = 39916801;
/** No string in these files comes near this; a bigger length is a forged or corrupt file. */
export const MAX_STRING_BYTES = 1 << 16;

export function cipherTable(seed: number): Uint32Array {
  const table = new Uint32Array(256);
  let k = seed >>> 0;
  for (let i = 0; i < 256; i++) {
    k = ((k >>> 1) | (k << 31)) >>> 0;
    k = Math.imul(k, TABLE_MULTIPLIER) >>> 0;
    table[i] = k;
  }
  return table;
}

export interface Block {
  id: number;
  /** Length of the body in bytes. */
  length: number;
  /** Offset of the first body byte. */
  start: number;
  /** Offset just past the body (where the end marker sits). */
  end: number;
}

const f32 = new DataView(new ArrayBuffer(4));
/** Decrypted string bytes land here (strings are at most MAX_STRING_BYTES). */
const scratch = new Uint8Array(MAX_STRING_BYTES);
/** The same memory as a Buffer, for latin1 decoding. */
const scratchBuffer = Buffer.from(scratch.buffer, scratch.byteOffset, scratch.byteLength);
// Buffer#toString('latin1', …) ends in Buffer#latin1Slice after argument checks; call it directly where
// this Node has it (one string per item field adds up), else go through toString.
const nodeLatin1Slice = (scratchBuffer as Buffer & { latin1Slice?: (start: number, end: number) => string })
  .latin1Slice;
const decodeScratch: (n: number) => string =
  typeof nodeLatin1Slice === 'function'
    ? (n) => nodeLatin1Slice.call(scratchBuffer, 0, n)
    : (n) => scratchBuffer.toString('latin1', 0, n);

export class CipherReader {
  readonly seed: number;
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private readonly table: Uint32Array;
  private key: number;
  private pos = 4;

  constructor(
    input: Uint8Array,
    private readonly what: string,
  ) {
    this.buf = input;
    this.view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    if (input.length < 4) throw new FormatError(`${what}: file is too short (${input.length} bytes)`);
    this.seed = (this.rawU32(0) ^ SEED_MASK) >>> 0;
    // The key is kept as a signed 32-bit integer (the xors give one): `>>> 0` on every byte made it a
    // double above 2^31 in the hot loops.
    this.key = this.seed | 0;
    this.table = cipherTable(this.seed);
  }

  get position(): number {
    return this.pos;
  }
  get length(): number {
    return this.buf.length;
  }
  get atEnd(): boolean {
    return this.pos === this.buf.length;
  }
  /** The key the next byte is decrypted with. */
  get keyState(): number {
    return this.key;
  }

  /** A copy of the raw (still encrypted) bytes from `start` to the current position. */
  rawSince(start: number): Uint8Array {
    return new Uint8Array(this.buf.subarray(start, this.pos));
  }

  fail(message: string, offset: number = this.pos): never {
    throw new FormatError(`${this.what}: ${message}`, offset);
  }

  private need(n: number, field: string): void {
    if (this.pos + n > this.buf.length)
      this.fail(`truncated file: ${field} needs ${n} bytes, ${this.buf.length - this.pos} left`);
  }

  private rawU32(at: number): number {
    const b = this.buf;
    return (
      ((b[at] as number) |
        ((b[at + 1] as number) << 8) |
        ((b[at + 2] as number) << 16) |
        ((b[at + 3] as number) << 24)) >>>
      0
    );
  }

  /** readInt: decrypt an u32 and advance the key over its four raw bytes. */
  u32(field = 'integer'): number {
    this.need(4, field);
    const p = this.pos;
    const b = this.buf;
    const t = this.table;
    const key = this.key;
    const v = (this.view.getInt32(p, true) ^ key) >>> 0;
    this.key =
      key ^
      (t[b[p] as number] as number) ^
      (t[b[p + 1] as number] as number) ^
      (t[b[p + 2] as number] as number) ^
      (t[b[p + 3] as number] as number);
    this.pos = p + 4;
    return v;
  }

  f32(field = 'float'): number {
    f32.setUint32(0, this.u32(field), true);
    return f32.getFloat32(0, true);
  }

  /** readByte. */
  u8(field = 'byte'): number {
    this.need(1, field);
    const raw = this.buf[this.pos] as number;
    const v = (raw ^ this.key) & 0xff;
    this.key = (this.key ^ (this.table[raw] as number)) | 0;
    this.pos++;
    return v;
  }

  /** nextInt: decrypt an u32 without touching the key (block lengths and end markers). */
  next(field = 'block field'): number {
    this.need(4, field);
    const v = (this.rawU32(this.pos) ^ this.key) >>> 0;
    this.pos += 4;
    return v;
  }

  private decryptBytes(n: number, field: string): Uint8Array {
    this.need(n, field);
    const out = new Uint8Array(n);
    const b = this.buf;
    const t = this.table;
    let key = this.key;
    let p = this.pos;
    for (let i = 0; i < n; i++) {
      const raw = b[p++] as number;
      out[i] = (raw ^ key) & 0xff;
      key = (key ^ (t[raw] as number)) | 0;
    }
    this.key = key;
    this.pos = p;
    return out;
  }

  bytes(n: number, field = 'bytes'): Uint8Array {
    return this.decryptBytes(n, field);
  }

  /** u32 length + that many Latin-1 bytes. */
  string(field = 'string'): string {
    const at = this.pos;
    const n = this.u32(field);
    if (n === 0) return '';
    if (n > MAX_STRING_BYTES || n > this.buf.length - this.pos)
      this.fail(`${field} length ${n} runs past the end of the file`, at);
    const b = this.buf;
    const t = this.table;
    let key = this.key;
    let p = this.pos;
    const end = p + n;
    let i = 0;
    for (; p < end; p++) {
      const raw = b[p] as number;
      scratch[i++] = raw ^ key; // a Uint8Array keeps the low byte
      key = (key ^ (t[raw] as number)) | 0;
    }
    this.key = key;
    this.pos = end;
    return decodeScratch(n);
  }

  /** u32 count of UTF-16 units + 2·count bytes. */
  wstring(field = 'string'): string {
    const at = this.pos;
    const n = this.u32(`${field} length`);
    if (n > MAX_STRING_BYTES || n * 2 > this.buf.length - this.pos)
      this.fail(`${field} length ${n} runs past the end of the file`, at);
    const bytes = this.decryptBytes(n * 2, field);
    let s = '';
    for (let i = 0; i < n; i++)
      s += String.fromCharCode((bytes[2 * i] as number) | ((bytes[2 * i + 1] as number) << 8));
    return s;
  }

  /** Advance the key over n raw bytes without decoding them. */
  skip(n: number, field = 'block body'): void {
    this.need(n, field);
    const b = this.buf;
    const t = this.table;
    let key = this.key;
    const end = this.pos + n;
    for (let p = this.pos; p < end; p++) key ^= t[b[p] as number] as number;
    this.key = key;
    this.pos = end;
  }

  /** readInt id, nextInt length; checks the body fits in the file (and in the parent, if given). */
  beginBlock(expectedId?: number, parent?: Block): Block {
    const at = this.pos;
    const id = this.u32('block id');
    if (expectedId !== undefined && id !== expectedId) this.fail(`expected block ${expectedId}, found ${id}`, at);
    const length = this.next('block length');
    const start = this.pos;
    const limit = parent ? parent.end : this.buf.length;
    // The body plus its 4-byte end marker must fit.
    if (length > limit - start - 4)
      this.fail(`block ${id} length ${length} runs past the end of ${parent ? `block ${parent.id}` : 'the file'}`, at);
    return { id, length, start, end: start + length };
  }

  /** Skip the rest of a block body (key over its raw bytes). */
  skipTo(block: Block): void {
    if (this.pos > block.end) this.fail(`block ${block.id} body overran its length ${block.length}`);
    this.skip(block.end - this.pos, `block ${block.id} body`);
  }

  endBlock(block: Block): void {
    if (this.pos !== block.end)
      this.fail(`block ${block.id} body is ${this.pos - block.start} bytes, its length says ${block.length}`);
    const marker = this.next(`block ${block.id} end marker`);
    if (marker !== 0) this.fail(`block ${block.id} end marker is ${marker}, expected 0`, this.pos - 4);
  }
}

export class CipherWriter {
  private buf: Uint8Array;
  private pos = 0;
  private key: number;
  private readonly table: Uint32Array;

  constructor(
    readonly seed: number,
    sizeHint = 4096,
  ) {
    // Not zeroed: every byte up to `pos` is written before finish() hands it out.
    this.buf = Buffer.allocUnsafe(Math.max(64, sizeHint));
    this.key = seed | 0;
    this.table = cipherTable(seed);
    this.raw32((this.key ^ SEED_MASK) >>> 0);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = Buffer.allocUnsafe(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  private raw32(v: number): void {
    this.ensure(4);
    const b = this.buf;
    const p = this.pos;
    b[p] = v & 0xff;
    b[p + 1] = (v >>> 8) & 0xff;
    b[p + 2] = (v >>> 16) & 0xff;
    b[p + 3] = (v >>> 24) & 0xff;
    this.pos = p + 4;
  }

  get position(): number {
    return this.pos;
  }
  /** The key the next byte is encrypted with. */
  get keyState(): number {
    return this.key;
  }

  /**
   * Bytes already encrypted from the current key (a reader's {@link CipherReader.rawSince} taken at the same
   * key): copied as they are, and the key set to the one they end with.
   */
  encrypted(bytes: Uint8Array, keyAfter: number): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
    this.key = keyAfter | 0;
  }

  u32(v: number): void {
    if (v >>> 0 !== v) throw new FormatError(`not an u32: ${v}`);
    if (this.pos + 4 > this.buf.length) this.ensure(4);
    const raw = (v ^ this.key) >>> 0;
    const t = this.table;
    const b = this.buf;
    const p = this.pos;
    const b0 = raw & 0xff;
    const b1 = (raw >>> 8) & 0xff;
    const b2 = (raw >>> 16) & 0xff;
    const b3 = raw >>> 24;
    b[p] = b0;
    b[p + 1] = b1;
    b[p + 2] = b2;
    b[p + 3] = b3;
    this.pos = p + 4;
    this.key = (this.key ^ (t[b0] as number) ^ (t[b1] as number) ^ (t[b2] as number) ^ (t[b3] as number)) | 0;
  }

  f32(v: number): void {
    f32.setFloat32(0, v, true);
    this.u32(f32.getUint32(0, true));
  }

  u8(v: number): void {
    if (!Number.isInteger(v) || v < 0 || v > 0xff) throw new FormatError(`not a byte: ${v}`);
    this.ensure(1);
    const raw = (v ^ this.key) & 0xff;
    this.buf[this.pos++] = raw;
    this.key = (this.key ^ (this.table[raw] as number)) | 0;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    const b = this.buf;
    const t = this.table;
    let key = this.key;
    let p = this.pos;
    for (let i = 0; i < data.length; i++) {
      const raw = ((data[i] as number) ^ key) & 0xff;
      b[p++] = raw;
      key = (key ^ (t[raw] as number)) | 0;
    }
    this.key = key;
    this.pos = p;
  }

  /** nextInt counterpart: encrypted with the current key, key unchanged. */
  next(v: number): void {
    this.raw32((v ^ this.key) >>> 0);
  }

  /**
   * u32 length + the string's Latin-1 bytes, encrypted: each character is read with charCodeAt, checked and
   * encrypted straight into the output in one pass (no Buffer per string, no regular expression, no copy
   * by Buffer#latin1Write to encrypt in place: on strings just read, those cost more than the cipher).
   */
  string(s: string, field = 'string'): void {
    const n = s.length;
    if (n === 0) {
      this.u32(0);
      return;
    }
    if (n > MAX_STRING_BYTES) throw new FormatError(`${field} is too long (${n} characters)`);
    this.u32(n);
    if (this.pos + n > this.buf.length) this.ensure(n);
    const b = this.buf;
    const t = this.table;
    let p = this.pos;
    let key = this.key;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 0xff) throw new FormatError(`${field} has a character the game cannot store: ${JSON.stringify(s)}`);
      const raw = (c ^ key) & 0xff;
      b[p++] = raw;
      key = (key ^ (t[raw] as number)) | 0;
    }
    this.key = key;
    this.pos = p;
  }

  wstring(s: string, field = 'string'): void {
    if (s.length > MAX_STRING_BYTES) throw new FormatError(`${field} is too long (${s.length} characters)`);
    const bytes = new Uint8Array(s.length * 2);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      bytes[2 * i] = c & 0xff;
      bytes[2 * i + 1] = c >>> 8;
    }
    this.u32(s.length);
    this.bytes(bytes);
  }

  /** Block id and a placeholder length; the length is patched by endBlock (it does not move the key). */
  beginBlock(id: number): { lengthAt: number; key: number; start: number } {
    this.u32(id);
    const mark = { lengthAt: this.pos, key: this.key, start: this.pos + 4 };
    this.raw32(0);
    return mark;
  }

  endBlock(mark: { lengthAt: number; key: number; start: number }): void {
    const length = this.pos - mark.start;
    const raw = (length ^ mark.key) >>> 0;
    const b = this.buf;
    b[mark.lengthAt] = raw & 0xff;
    b[mark.lengthAt + 1] = (raw >>> 8) & 0xff;
    b[mark.lengthAt + 2] = (raw >>> 16) & 0xff;
    b[mark.lengthAt + 3] = (raw >>> 24) & 0xff;
    this.next(0);
  }

  finish(): Buffer {
    return Buffer.from(this.buf.buffer, this.buf.byteOffset, this.pos);
  }
}
