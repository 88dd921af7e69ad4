/**
 * Raw LZ4 blocks (no frame header), as the game's .arz records and .arc parts store them. The decoder checks
 * every bound so a hostile upload fails with a reason instead of reading or writing out of range.
 */
export function lz4DecompressBlock(src: Buffer, decompressedSize: number): Buffer {
  const out = Buffer.alloc(decompressedSize);
  let ip = 0;
  let op = 0;
  const readLength = (initial: number): number => {
    let len = initial;
    if (initial !== 15) return len;
    for (;;) {
      if (ip >= src.length) throw new Error('length runs past the end of the block');
      const b = src[ip++]!;
      len += b;
      if (b !== 255) return len;
    }
  };
  while (ip < src.length) {
    const token = src[ip++]!;
    const literals = readLength(token >> 4);
    if (ip + literals > src.length) throw new Error('literals run past the end of the block');
    if (op + literals > out.length) throw new Error('literals overflow the declared size');
    src.copy(out, op, ip, ip + literals);
    ip += literals;
    op += literals;
    if (ip === src.length) break; // the last sequence carries literals only
    if (ip + 2 > src.length) throw new Error('match offset runs past the end of the block');
    const offset = src[ip]! | (src[ip + 1]! << 8);
    ip += 2;
    if (offset === 0 || offset > op) throw new Error('match offset points before the start');
    const matchLength = readLength(token & 15) + 4;
    if (op + matchLength > out.length) throw new Error('match overflows the declared size');
    // Byte by byte on purpose: a match may overlap the bytes it is producing.
    for (let i = 0; i < matchLength; i++, op++) out[op] = out[op - offset]!;
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
