import { FormatError, leagueTokensOf, readQuests, writeQuests, type Quest } from '@league/gamefiles';
import { expectFormatError, fixture, prng } from './helpers';

// No real quests.gdd is among the fixtures: these tests write files in the game's layout (FORMATS.md,
// and the layout of the open-source quests.gdd tools) and read them back.
const UID = '0123456789abcdef0123456789abcdef';
const quests: Quest[] = [
  {
    id: 7,
    uid: 'ffeeddccbbaa99887766554433221100',
    tasks: [
      { id: 1, uid: '00112233445566778899aabbccddeeff', state: 2, inProgress: 0, objectives: [] },
      { id: 2, uid: '11112222333344445555666677778888', state: 1, inProgress: 1, objectives: [3, 0, 1] },
    ],
  },
  { id: 8, uid: '99999999999999999999999999999999', tasks: [] },
];

describe('quests.gdd', () => {
  it('reads the token list back, with the league tokens lower-cased and de-duplicated', () => {
    const tokens = ['GDL_Boss_Kill_01', 'qst_act1_done', 'gdl_boss_kill_01', 'gdl_reach_ultimate', 'gdl_', 'notgdl_x'];
    const file = readQuests(writeQuests({ uid: UID, tokens, quests }));
    expect(file.uid).toBe(UID);
    expect(file.tokens).toEqual(tokens);
    expect(file.leagueTokens).toEqual(['gdl_boss_kill_01', 'gdl_reach_ultimate']);
    expect(file.quests).toEqual(quests);
  });

  it('a file read and written again is byte-identical', () => {
    const bytes = writeQuests({ seed: 0xdeadbeef, uid: UID, tokens: ['gdl_a', 'x'], quests });
    const file = readQuests(bytes);
    expect(file.seed).toBe(0xdeadbeef);
    expect(writeQuests(file).equals(bytes)).toBe(true);
  });

  it('an empty token list reads as no tokens', () => {
    const file = readQuests(writeQuests({ uid: UID, tokens: [] }));
    expect(file.tokens).toEqual([]);
    expect(file.leagueTokens).toEqual([]);
    expect(file.quests).toEqual([]);
  });

  it('refuses other files, truncations and forged counts', () => {
    expectFormatError(() => readQuests(fixture('gd-cli/player.gdc')), /bad magic/);
    expectFormatError(() => readQuests(fixture('gd-cli/transfer.gst')), /bad magic/);
    const good = writeQuests({ uid: UID, tokens: ['gdl_a', 'gdl_b'], quests });
    for (let c = 0; c < good.length; c++) expectFormatError(() => readQuests(good.subarray(0, c)));
    expectFormatError(() => readQuests(Buffer.concat([good, Buffer.from([1])])), /unexpected bytes/);
    // The token block's length (a nextInt at 4 + 4 + 4 + 16 + 4 = 32): forged, nothing else moves.
    const forged = Buffer.from(good);
    forged[35] = (forged[35] as number) ^ 0x40;
    expectFormatError(() => readQuests(forged), /block 10 length \d+ runs past/);
  });

  it('on random corruption either reads or throws FormatError', () => {
    const good = writeQuests({ uid: UID, tokens: ['gdl_a', 'gdl_b', 'other'], quests });
    const rand = prng(3);
    for (let i = 0; i < 500; i++) {
      const m = Buffer.from(good);
      m[Math.floor(rand() * m.length)] = Math.floor(rand() * 256);
      try {
        readQuests(m);
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
  });

  it('leagueTokensOf keeps only gdl_ tokens', () => {
    expect(leagueTokensOf(['GDL_X', 'gdl_x', 'gdl_y', 'gd_z'])).toEqual(['gdl_x', 'gdl_y']);
  });

  it('the writer refuses a bad uid', () => {
    expectFormatError(() => writeQuests({ uid: 'nope', tokens: [] }), /uid/);
  });
});
