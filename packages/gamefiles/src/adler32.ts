const MOD = 65521;
// Largest run of bytes whose sums cannot overflow 2^53 before reducing (zlib uses 5552 for 32-bit).
const RUN = 5552;

/** Incremental adler32, so sections of a large file can be summed while streaming them. */
export class Adler32 {
  private a = 1;
  private b = 0;

  update(buf: Buffer): this {
    let { a, b } = this;
    for (let i = 0; i < buf.length;) {
      const end = Math.min(buf.length, i + RUN);
      for (; i < end; i++) {
        a += buf[i]!;
        b += a;
      }
      a %= MOD;
      b %= MOD;
    }
    this.a = a;
    this.b = b;
    return this;
  }

  digest(): number {
    return ((this.b << 16) | this.a) >>> 0;
  }
}

export const adler32 = (buf: Buffer): number => new Adler32().update(buf).digest();
