import { decodePairs, encodePairs, isPairEncoded, sameUser } from './encoding';

describe('byte-pair encoding', () => {
  it('when text is encoded, then each UTF-16 unit becomes high byte then low byte', () => {
    expect(encodePairs('Hi')).toBe('\u0000H\u0000i');
    expect(encodePairs('Ж')).toBe('\u0004\u0016');
  });

  it('when encoded text is decoded, then any text comes back, surrogate pairs included', () => {
    for (const text of ['', 'hello', 'Привет, héllo ✓', '𝔊rim 🎮', 'a\u0000b']) {
      expect(decodePairs(encodePairs(text))).toBe(text);
    }
  });

  it('when a string cannot be byte pairs, then decoding leaves it as it is', () => {
    expect(isPairEncoded('abc')).toBe(false);
    expect(isPairEncoded('Жx')).toBe(false);
    expect(decodePairs('abc')).toBe('abc');
    expect(decodePairs('Жx')).toBe('Жx');
  });

  it('when a claimed name is compared, then plain or encoded spellings match case-insensitively, others do not', () => {
    expect(sameUser(encodePairs('Alice'), 'alice')).toBe(true);
    expect(sameUser('ALICE', 'alice')).toBe(true);
    expect(sameUser(encodePairs('Bob'), 'alice')).toBe(false);
    expect(sameUser('alic', 'alice')).toBe(false);
  });
});
