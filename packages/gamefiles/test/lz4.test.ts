import { randomBytes } from 'node:crypto';
import { adler32, Adler32, lz4CompressBlock, lz4DecompressBlock } from '@league/gamefiles';
import { prng } from './helpers';

describe('lz4 blocks', () => {
  it('when a buffer with repeats is compressed, then it shrinks and decompresses to the same bytes', () => {
    const src = Buffer.concat([Buffer.from('abcdefgh'.repeat(500)), randomBytes(100), Buffer.alloc(3000)]);
    const packed = lz4CompressBlock(src);
    expect(packed.length).toBeLessThan(src.length / 5);
    expect(lz4DecompressBlock(packed, src.length).equals(src)).toBe(true);
  });

  it('when runs, long and overlapping matches and short literals are mixed, then every block round-trips', () => {
    const rnd = prng(7);
    for (let n = 0; n < 200; n++) {
      const parts: Buffer[] = [];
      for (let k = 0; k < 20; k++) {
        const r = rnd();
        const len = Math.floor(rnd() * 300);
        if (r < 0.3)
          parts.push(Buffer.alloc(len, Math.floor(rnd() * 256))); // a run: matches overlapping themselves
        else if (r < 0.6 && parts.length > 0)
          parts.push(parts[Math.floor(rnd() * parts.length)]!); // a far repeat
        else parts.push(Buffer.from(Array.from({ length: len }, () => Math.floor(rnd() * 256))));
      }
      const src = Buffer.concat(parts);
      expect(lz4DecompressBlock(lz4CompressBlock(src), src.length).equals(src)).toBe(true);
    }
  });

  it('when a block ends before its declared size, then it is refused (no unwritten bytes come out)', () => {
    const src = Buffer.from('abcdefgh'.repeat(100));
    const packed = lz4CompressBlock(src);
    expect(() => lz4DecompressBlock(packed, src.length + 10)).toThrow(/decompressed to 800 bytes, expected 810/);
  });

  it('when the declared size is wrong or the offset points before the start, then decoding refuses', () => {
    const packed = lz4CompressBlock(Buffer.from('xyzxyzxyzxyzxyzxyzxyzxyzxyz'));
    expect(() => lz4DecompressBlock(packed, 10)).toThrow(/overflow/);
    expect(() => lz4DecompressBlock(Buffer.from([0x0f, 0x01, 0x00]), 19)).toThrow(/offset/);
  });
});

describe('adler32', () => {
  it('when "Wikipedia" is summed, then it is the published 0x11E60398, in one piece or streamed', () => {
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
    expect(new Adler32().update(Buffer.from('Wiki')).update(Buffer.from('pedia')).digest()).toBe(0x11e60398);
  });
});
