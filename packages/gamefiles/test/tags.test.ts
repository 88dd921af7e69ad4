import { FormatError, readTagsFile, writeTagsFile } from '@league/gamefiles';
import { expectFormatError, prng } from './helpers';

describe('tags file', () => {
  it('writes the documented layout: u32 count, u32 payload length, count × (u32 len + ASCII)', () => {
    const out = writeTagsFile(['GDIP_A', 'GDIP_BC']);
    const expected = Buffer.alloc(8 + 4 + 6 + 4 + 7);
    expected.writeUInt32LE(2, 0);
    expected.writeUInt32LE(21, 4);
    expected.writeUInt32LE(6, 8);
    expected.write('GDIP_A', 12, 'latin1');
    expected.writeUInt32LE(7, 18);
    expected.write('GDIP_BC', 22, 'latin1');
    expect(out.equals(expected)).toBe(true);
    expect(readTagsFile(out)).toEqual(['GDIP_A', 'GDIP_BC']);
  });

  it('round-trips byte-identical, including an empty file', () => {
    for (const tokens of [[], ['GDIP_ONE'], Array.from({ length: 300 }, (_, i) => `GDIP_TOKEN_${i}`)]) {
      const bytes = writeTagsFile(tokens);
      expect(readTagsFile(bytes)).toEqual(tokens);
      expect(writeTagsFile(readTagsFile(bytes)).equals(bytes)).toBe(true);
    }
    expect(writeTagsFile([]).equals(Buffer.alloc(8))).toBe(true);
  });

  it('refuses truncated, padded and forged files', () => {
    const good = writeTagsFile(['GDIP_A', 'GDIP_B']);
    for (let c = 0; c < good.length; c++) expectFormatError(() => readTagsFile(good.subarray(0, c)));
    expectFormatError(() => readTagsFile(Buffer.concat([good, Buffer.alloc(1)])), /unexpected bytes/);
    const badPayload = Buffer.from(good);
    badPayload.writeUInt32LE(5, 4);
    expectFormatError(() => readTagsFile(badPayload), /payload length 5 is neither/);
    const count = Buffer.from(good);
    count.writeUInt32LE(0xffffffff, 0);
    expectFormatError(() => readTagsFile(count), /cannot fit/);
    const len = Buffer.from(good);
    len.writeUInt32LE(0x7fffffff, 8);
    expectFormatError(() => readTagsFile(len), /runs past the end/);
    const fewer = Buffer.from(good);
    fewer.writeUInt32LE(1, 0);
    expectFormatError(() => readTagsFile(fewer), /unexpected bytes/);
    const binary = Buffer.from(good);
    binary[12] = 0;
    expectFormatError(() => readTagsFile(binary), /not ASCII/);
  });

  it('also reads a file whose payload length counts only the token bytes', () => {
    const file = writeTagsFile(['GDIP_A', 'GDIP_BC']);
    file.writeUInt32LE(13, 4);
    expect(readTagsFile(file)).toEqual(['GDIP_A', 'GDIP_BC']);
  });

  it('on random corruption either reads or throws FormatError', () => {
    const good = writeTagsFile(['GDIP_A', 'GDIP_BB', 'GDIP_CCC']);
    const rand = prng(11);
    for (let i = 0; i < 500; i++) {
      const m = Buffer.from(good);
      m[Math.floor(rand() * m.length)] = Math.floor(rand() * 256);
      try {
        readTagsFile(m);
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
  });

  it('the writer refuses non-ASCII tokens', () => {
    expectFormatError(() => writeTagsFile(['GDIP_é']), /not ASCII/);
  });
});
