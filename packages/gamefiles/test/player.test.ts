import { CipherReader, FormatError, launcherCharacterInfo, readPlayer } from '@league/gamefiles';
import { expectFormatError, fixture, PLAYER_FILES, prng } from './helpers';

/** Offset of block 1's id: just after the header (walks the header with the cipher). */
function firstBlockOffset(buf: Buffer): number {
  const r = new CipherReader(buf, 'test');
  r.u32();
  const hv = r.u32();
  r.wstring();
  r.u8();
  r.string();
  r.u32();
  r.u8();
  if (hv >= 2) r.u8();
  r.next();
  r.u32();
  r.bytes(16);
  return r.position;
}

describe('player.gdc reader on the real fixtures', () => {
  it('gd-cli/player.gdc: Alina, Nightblade + Shaman (Trickster), level 100, softcore, 64 deaths', () => {
    const p = readPlayer(fixture('gd-cli/player.gdc'));
    expect(p.header).toMatchObject({
      name: 'Alina',
      classTag: 'tagSkillClassName0406',
      className: 'Trickster',
      masteries: ['Nightblade', 'Shaman'],
      level: 100,
      hardcore: false,
      sex: 'female',
      headerVersion: 2,
      fileVersion: 8,
    });
    expect(p.header.uid).toMatch(/^[0-9a-f]{32}$/);
    expect(p.stats.deaths).toBe(64);
    expect(p.stats.difficulties[0].lastMonsterHitBy).toBe('tagEnemyChthonianDevourerA01');
    expect(p.stats.difficulties[1].lastMonsterHitBy).toBe('tagGDX2EnemyEldritchWraith_C01');
    expect(p.stats.difficulties[2].lastMonsterHitBy).toBe('tagGDX1Boss_Wendigo03');
    expect(p.stats.playTime).toBe(236066);
    expect(p.stats.maxLevel).toBe(96);
    expect(p.info.currentDifficulty).toBe(2);
    expect(p.info.greatestDifficulty).toBe(2);
    // Killed by = lastMonsterHitBy of the current difficulty (Ultimate).
    expect(p.lastAttackedBy).toBe('tagGDX1Boss_Wendigo03');
    expect(p.blocks).toEqual([1, 2, 3, 4, 5, 6, 7, 17, 8, 12, 13, 14, 15, 16, 10]);
  });

  it('yagde/_TestMain121: TestOneTwoOne, hardcore, level 100, Shaman + Necromancer (Ritualist)', () => {
    const p = readPlayer(fixture('yagde/_TestMain121/player.gdc'));
    expect(p.header).toMatchObject({
      name: 'TestOneTwoOne',
      classTag: 'tagSkillClassName0608',
      className: 'Ritualist',
      level: 100,
      hardcore: true,
    });
    expect(p.stats.deaths).toBe(0);
    expect(p.info.currentDifficulty).toBe(2);
  });

  it('dead/_TestMain121: the same character with 3 deaths, killed by tagGDX2Boss_Final01 on Ultimate', () => {
    const alive = readPlayer(fixture('yagde/_TestMain121/player.gdc'));
    const dead = readPlayer(fixture('dead/_TestMain121/player.gdc'));
    expect(dead.stats.deaths).toBe(3);
    expect(dead.info.currentDifficulty).toBe(2);
    expect(dead.lastAttackedBy).toBe('tagGDX2Boss_Final01');
    expect(dead.header).toEqual(alive.header);
    // Everything but the death counter and the (meaningless) kills field is the same.
    const strip = (s: typeof dead.stats) => ({ ...s, deaths: 0, kills: 0 });
    expect(strip(dead.stats)).toEqual(strip(alive.stats));
    expect(dead.bio).toEqual(alive.bio);
    expect(dead.info).toEqual(alive.info);
  });

  it('_TestAoMMaleSC and the other fresh characters have an empty class tag: no class', () => {
    for (const f of [
      'yagde/_TestAoMMaleSC/player.gdc',
      'yagde/_TestFGMaleSC/player.gdc',
      'yagde/_TestFGFemaleHC/player.gdc',
    ]) {
      const p = readPlayer(fixture(f));
      expect(p.header.classTag).toBe('');
      expect(p.header.className).toBeNull();
      expect(p.header.level).toBe(1);
      expect(p.stats.difficulties.map((d) => d.lastMonsterHitBy)).toEqual(['', '', '']);
      expect(p.lastAttackedBy).toBe('');
    }
  });

  it.each([
    ['yagde/_TestAoMFemaleHC/player.gdc', 'TestAoMFemaleHC', 'Inquisitor', 2, true],
    ['yagde/_TestVanillaFemaleHC/player.gdc', 'TestVanillaFemaleHC', 'Demolitionist', 2, true],
    ['yagde/_TestVanillaMaleSC/player.gdc', 'TestVanillaMaleSC', 'Soldier', 2, false],
    ['yagde/_TestMain/player.gdc', 'TestMain', 'Ritualist', 28, true],
    ['yagde/_TestFGFemaleHC/player.gdc', 'TestFGFemaleHC', null, 1, true],
    ['yagde/_TestFGMaleSC/player.gdc', 'TestFGMaleSC', null, 1, false],
  ])('%s: header', (file, name, className, level, hardcore) => {
    const p = readPlayer(fixture(file));
    expect(p.header).toMatchObject({ name, className, level, hardcore });
    // The character's bio level agrees with the header level.
    expect(p.bio.level).toBe(level);
  });

  it('reads every fixture completely, with all 15 blocks and a sane stats block', () => {
    for (const f of PLAYER_FILES) {
      const p = readPlayer(fixture(f));
      expect(p.blocks).toHaveLength(15);
      expect(p.stats.version).toBe(11);
      expect(p.stats.maxLevel).toBeGreaterThanOrEqual(1);
      expect(p.stats.maxLevel).toBeLessThanOrEqual(100);
      expect([0, 1, 2]).toContain(p.info.currentDifficulty);
      expect(p.info.greatestDifficulty).toBeLessThanOrEqual(2);
    }
  });

  it('gives the launcher characterInfo of a save', () => {
    const info = launcherCharacterInfo(readPlayer(fixture('dead/_TestMain121/player.gdc')));
    expect(info).toMatchObject({
      name: 'TestOneTwoOne',
      className: 'Ritualist',
      level: 100,
      deathCount: 3,
      timePlayed: 122129,
      hardcore: 1,
      currentDifficulty: 2,
      maxDifficulty: 2,
      lastAttackedBy: 'tagGDX2Boss_Final01',
    });
    expect(info.physique).toBeGreaterThan(0);
    expect(launcherCharacterInfo(readPlayer(fixture('yagde/_TestAoMMaleSC/player.gdc'))).className).toBe('');
  });
});

describe('player.gdc reader on bad input', () => {
  const good = fixture('gd-cli/player.gdc');

  it('refuses empty and tiny files', () => {
    expectFormatError(() => readPlayer(Buffer.alloc(0)), /too short/);
    expectFormatError(() => readPlayer(Buffer.from([1, 2, 3])), /too short/);
  });

  it('refuses a file that is not a player.gdc', () => {
    expectFormatError(() => readPlayer(fixture('gd-cli/transfer.gst')), /bad magic/);
    expectFormatError(() => readPlayer(Buffer.alloc(64)), /bad magic/);
  });

  it('refuses every truncation with a FormatError', () => {
    const cuts = new Set<number>([4, 5, 8, 11, 12, 20, 40, 60, 100, good.length - 1, good.length - 4, good.length - 5]);
    for (let c = 0; c < good.length; c += 997) cuts.add(c);
    for (const c of cuts) expectFormatError(() => readPlayer(good.subarray(0, c)));
  });

  it('refuses a trailing byte', () => {
    expectFormatError(() => readPlayer(Buffer.concat([good, Buffer.from([0])])));
  });

  it('refuses a forged name length without allocating it', () => {
    const forged = Buffer.from(good);
    forged[15] = (forged[15] as number) ^ 0x7f; // high byte of the wstring length at offset 12
    expectFormatError(() => readPlayer(forged), /name length \d+ runs past the end/);
  });

  it('refuses a forged block length', () => {
    const forged = Buffer.from(good);
    const at = firstBlockOffset(good) + 4; // block 1 length (nextInt: changing it moves nothing else)
    forged[at + 3] = (forged[at + 3] as number) ^ 0x40;
    expectFormatError(() => readPlayer(forged), /block 1 length \d+ runs past the end of the file/);
    const shorter = Buffer.from(good);
    shorter[at] = (shorter[at] as number) ^ 0x04; // 68 → 64: the body no longer matches
    expectFormatError(() => readPlayer(shorter), /block 1/);
  });

  it('refuses a forged end marker', () => {
    const forged = Buffer.from(good);
    forged[forged.length - 1] = (forged[forged.length - 1] as number) ^ 0x01;
    expectFormatError(() => readPlayer(forged), /end marker/);
  });

  it('on random corruption either reads or throws FormatError, and stays fast', () => {
    const rand = prng(42);
    const small = fixture('yagde/_TestMain/player.gdc');
    const started = Date.now();
    for (let i = 0; i < 300; i++) {
      const m = Buffer.from(small);
      const flips = 1 + Math.floor(rand() * 4);
      for (let j = 0; j < flips; j++) m[Math.floor(rand() * m.length)] = Math.floor(rand() * 256);
      try {
        readPlayer(m);
      } catch (err) {
        expect(err).toBeInstanceOf(FormatError);
      }
    }
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
