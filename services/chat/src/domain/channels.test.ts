import { channelLabel, channelOf, isMember, isPacked, messageTypeOf, unpack } from './channels';

describe('channels packed in one byte', () => {
  it('when a byte is unpacked, then the high nibble is global and the low nibble trade', () => {
    expect(unpack(0x3a)).toEqual({ global: 3, trade: 10 });
    expect(unpack(0)).toEqual({ global: 0, trade: 0 });
  });

  it('when Send names 16·n or n, then it is global n or trade n; 0, both nibbles or out of range name none', () => {
    expect(channelOf(16)).toEqual({ kind: 'global', n: 1 });
    expect(channelOf(240)).toEqual({ kind: 'global', n: 15 });
    expect(channelOf(7)).toEqual({ kind: 'trade', n: 7 });
    for (const bad of [0, 0x11, 256, -1, 1.5, '16', null]) expect(channelOf(bad)).toBeUndefined();
  });

  it('when membership is checked, then only the matching nibble counts', () => {
    expect(isMember(0x12, { kind: 'global', n: 1 })).toBe(true);
    expect(isMember(0x12, { kind: 'trade', n: 2 })).toBe(true);
    expect(isMember(0x12, { kind: 'trade', n: 1 })).toBe(false);
    expect(isMember(0x12, { kind: 'global', n: 2 })).toBe(false);
  });

  it('when a channel is named for the game and the log, then global is type 2 and trade type 1', () => {
    expect(messageTypeOf({ kind: 'global', n: 4 })).toBe(2);
    expect(messageTypeOf({ kind: 'trade', n: 4 })).toBe(1);
    expect(channelLabel({ kind: 'trade', n: 4 })).toBe('Trade 4');
    expect(isPacked(255)).toBe(true);
    expect(isPacked(256)).toBe(false);
  });
});
