import {
  decodePositions,
  encodePositions,
  MAX_TOKEN_LENGTH,
  mergePositions,
  mergeTokens,
  type Positions,
} from './consistency-token';

describe('the read-your-writes token', () => {
  it('when positions are encoded, then they decode to the same and use only cookie-safe characters', () => {
    const p: Positions = { 'trade.reservation-changed.v1': { '0': 12, '2': 1841 }, 'season.x.v1': { '1': 0 } };
    const token = encodePositions(p);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePositions(token)).toEqual(p);
  });

  it('when a token is missing, garbled, too long or holds odd values, then it is ignored rather than refused', () => {
    expect(decodePositions(undefined)).toBeUndefined();
    expect(decodePositions('')).toBeUndefined();
    expect(decodePositions('not base64 json!')).toBeUndefined();
    expect(decodePositions(encodePositions({}))).toBeUndefined();
    expect(decodePositions('a'.repeat(MAX_TOKEN_LENGTH + 1))).toBeUndefined();
    const odd = Buffer.from(
      JSON.stringify({ 'ok.v1': { '0': 5, x: 1, '1': -3, '2': 1.5, '3': '9' }, 'bad topic': { '0': 1 }, arr: [1] }),
    ).toString('base64url');
    expect(decodePositions(odd)).toEqual({ 'ok.v1': { '0': 5 } });
  });

  it('when two tokens name the same partition, then the merge keeps the larger offset', () => {
    expect(mergePositions({ a: { '0': 5, '1': 9 } }, { a: { '0': 7 }, b: { '2': 1 } }, undefined)).toEqual({
      a: { '0': 7, '1': 9 },
      b: { '2': 1 },
    });
    const merged = mergeTokens([encodePositions({ a: { '0': 3 } }), encodePositions({ a: { '0': 8 } })]);
    expect(decodePositions(merged)).toEqual({ a: { '0': 8 } });
    expect(mergeTokens([undefined, 'garbage'])).toBeUndefined();
  });

  it('when the merge would outgrow the bound, then the newest token’s topics stay and the oldest fall off', () => {
    const old: Positions = {};
    for (let i = 0; i < 25; i += 1) old[`season.old-topic-number-${i}.v1`] = { '0': 1000 + i, '1': 7 };
    const newest = encodePositions({ 'trade.listing-opened.v1': { '2': 99 } });
    const merged = mergeTokens([newest, encodePositions(old)], 600)!;
    expect(merged.length).toBeLessThanOrEqual(600);
    const back = decodePositions(merged)!;
    expect(back['trade.listing-opened.v1']).toEqual({ '2': 99 });
    expect(Object.keys(back).length).toBeGreaterThan(1);
    expect(Object.keys(back).length).toBeLessThan(26);
  });
});
