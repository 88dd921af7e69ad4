/**
 * Raw LZ4 blocks (no frame header), as the game's .arz records and .arc parts store them. The decoder checks
 * every bound so a hostile upload fails with a reason instead of reading or writing out of range.
 */
export function lz4DecompressBlock(src: Buffer, decompressedSize: number): Buffer {
  // Not zero-filled: every byte is written before the block is accepted (checked at the end).
  const out = Buffer.allocUnsafe(decompressedSize);
  const end = src.length;
  let ip = 0;
  let op = 0;
  while (ip < end) {
    const token = src[ip++]!;
    let literals = token >> 4;
    if (literals === 15) {
      for (;;) {
        if (ip >= end) throw new Error('length runs past the end of the block');
        const b = src[ip++]!;
        literals += b;
        if (b !== 255) break;
      }
    }
    if (ip + literals > end) throw new Error('literals run past the end of the block');
    if (op + literals > decompressedSize) throw new Error('literals overflow the declared size');
    // Short runs by hand: a native copy costs more than a few bytes.
    if (literals < 16) for (let i = 0; i < literals; i++) out[op++] = src[ip++]!;
    else {
      src.copy(out, op, ip, ip + literals);
      ip += literals;
      op += literals;
    }
    if (ip === end) break; // the last sequence carries literals only
    if (ip + 2 > end) throw new Error('match offset runs past the end of the block');
    const offset = src[ip]! | (src[ip + 1]! << 8);
    ip += 2;
    if (offset === 0 || offset > op) throw new Error('match offset points before the start');
    let matchLength = token & 15;
    if (matchLength === 15) {
      for (;;) {
        if (ip >= end) throw new Error('length runs past the end of the block');
        const b = src[ip++]!;
        matchLength += b;
        if (b !== 255) break;
      }
    }
    matchLength += 4;
    if (op + matchLength > decompressedSize) throw new Error('match overflows the declared size');
    if (offset >= matchLength && matchLength >= 32) {
      out.copyWithin(op, op - offset, op - offset + matchLength);
      op += matchLength;
    } else {
      // Byte by byte: a match may overlap the bytes it is producing (offset < length repeats them).
      for (let i = 0; i < matchLength; i++, op++) out[op] = out[op - offset]!;
    }
  }
  if (op !== decompressedSize) throw new Error(`decompressed to ${op} bytes, expected ${decompressedSize}`);
  return out;
}

function writeLength(out: number[], len: number): void {
  let rest = len - 15;
  while (rest >= 255) {
    out.push(255);
    rest -= 255;
  }
  out.push(rest);
}

function emit(out: number[], src: Buffer, from: number, to: number, offset?: number, matchLength?: number): void {
  const literals = to - from;
  const m = matchLength === undefined ? 0 : matchLength - 4;
  out.push(((literals >= 15 ? 15 : literals) << 4) | (matchLength === undefined ? 0 : m >= 15 ? 15 : m));
  if (literals >= 15) writeLength(out, literals);
  for (let i = from; i < to; i++) out.push(src[i]!);
  if (offset === undefined) return;
  out.push(offset & 0xff, offset >> 8);
  if (m >= 15) writeLength(out, m);
}

/** A greedy LZ4 block compressor: the project's writers use it for seeds and test files. */
export function lz4CompressBlock(src: Buffer): Buffer {
  const out: number[] = [];
  const table = new Map<number, number>();
  // LZ4's end rules: the last 5 bytes are literals and the last match starts at least 12 bytes from the end.
  const matchLimit = src.length - 12;
  let anchor = 0;
  let i = 0;
  while (i < matchLimit) {
    const seq = src.readUInt32LE(i);
    const candidate = table.get(seq);
    table.set(seq, i);
    if (candidate !== undefined && i - candidate < 65536 && src.readUInt32LE(candidate) === seq) {
      let len = 4;
      while (i + len < src.length - 5 && src[candidate + len] === src[i + len]) len++;
      emit(out, src, anchor, i, i - candidate, len);
      i += len;
      anchor = i;
    } else {
      i++;
    }
  }
  emit(out, src, anchor, src.length);
  return Buffer.from(out);
}
