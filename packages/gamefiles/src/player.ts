// player.gdc: the header, the info (1), bio (2) and stats (16) blocks; every other block is skipped by its
// length (blocks 3 and 4 by walking their nested blocks), so item layouts never matter.
import { CipherReader, type Block } from './cipher';
import { classFromTag, type Mastery } from './classes';
import { FormatError } from './errors';

export const PLAYER_MAGIC = 0x58434447; // "GDCX"
export const DIFFICULTY_NAMES = ['Normal', 'Elite', 'Ultimate'] as const;
export type DifficultyName = (typeof DIFFICULTY_NAMES)[number];

export interface PlayerHeader {
  headerVersion: number;
  name: string;
  sex: 'female' | 'male';
  classTag: string;
  /** One of the 45 class names; null when no mastery is chosen (empty tag) or the tag is unknown. */
  className: string | null;
  masteries: Mastery[];
  level: number;
  hardcore: boolean;
  /** Expansion flags byte (header version ≥ 2), else 0. */
  expansions: number;
  fileVersion: number;
  /** The 16-byte character id, hex. */
  uid: string;
}

export interface PlayerInfo {
  version: number;
  inMainQuest: boolean;
  hasBeenInGame: boolean;
  /** 0 Normal, 1 Elite, 2 Ultimate (low nibble of the saved byte). */
  currentDifficulty: number;
  /** 0 Normal, 1 Elite, 2 Ultimate (low nibble of the saved byte). */
  greatestDifficulty: number;
  /** The saved difficulty bytes as they are (the high nibble holds flags). */
  currentDifficultyRaw: number;
  greatestDifficultyRaw: number;
  iron: number;
}

export interface PlayerBio {
  version: number;
  level: number;
  experience: number;
  attributePoints: number;
  skillPoints: number;
  devotionPoints: number;
  totalDevotion: number;
  physique: number;
  cunning: number;
  spirit: number;
  health: number;
  energy: number;
}

export interface DifficultyStats {
  greatestMonsterKilledName: string;
  greatestMonsterKilledLevel: number;
  greatestMonsterKilledLifeMana: number;
  lastMonsterHit: string;
  lastMonsterHitBy: string;
}

export interface PlayerStats {
  version: number;
  /** Seconds played. */
  playTime: number;
  deaths: number;
  kills: number;
  experienceFromKills: number;
  healthPotionsUsed: number;
  energyPotionsUsed: number;
  maxLevel: number;
  hitsReceived: number;
  hitsInflicted: number;
  criticalHitsInflicted: number;
  criticalHitsReceived: number;
  greatestDamageInflicted: number;
  /** Normal, Elite, Ultimate. */
  difficulties: [DifficultyStats, DifficultyStats, DifficultyStats];
}

export interface PlayerFile {
  header: PlayerHeader;
  info: PlayerInfo;
  bio: PlayerBio;
  stats: PlayerStats;
  /** `lastMonsterHitBy` of the current difficulty: the creature tag that last hit the character ("" = none). */
  lastAttackedBy: string;
  /** Ids of the blocks in file order. */
  blocks: number[];
}

const SUPPORTED_FILE_VERSIONS = [6, 7, 8];
const SUPPORTED_STATS_VERSIONS = [7, 8, 9, 10, 11];

function difficulty(r: CipherReader, raw: number, field: string, at: number): number {
  const d = raw & 0x0f;
  if (d > 2) r.fail(`${field} ${raw} is not a difficulty`, at);
  return d;
}

function readInfo(r: CipherReader, block: Block): PlayerInfo {
  const version = r.u32('info version');
  if (version < 3 || version > 5) r.fail(`unsupported info block version ${version}`);
  const inMainQuest = r.u8() !== 0;
  const hasBeenInGame = r.u8() !== 0;
  const at = r.position;
  const currentDifficultyRaw = r.u8();
  const greatestDifficultyRaw = r.u8();
  const iron = r.u32('iron');
  r.skipTo(block);
  return {
    version,
    inMainQuest,
    hasBeenInGame,
    currentDifficulty: difficulty(r, currentDifficultyRaw, 'current difficulty', at),
    greatestDifficulty: difficulty(r, greatestDifficultyRaw, 'greatest difficulty', at + 1),
    currentDifficultyRaw,
    greatestDifficultyRaw,
    iron,
  };
}

function readBio(r: CipherReader, block: Block): PlayerBio {
  const version = r.u32('bio version');
  if (version !== 8) r.fail(`unsupported bio block version ${version}`);
  const bio: PlayerBio = {
    version,
    level: r.u32(),
    experience: r.u32(),
    attributePoints: r.u32(),
    skillPoints: r.u32(),
    devotionPoints: r.u32(),
    totalDevotion: r.u32(),
    physique: r.f32(),
    cunning: r.f32(),
    spirit: r.f32(),
    health: r.f32(),
    energy: r.f32(),
  };
  r.skipTo(block);
  return bio;
}

function readDifficultyStats(r: CipherReader): DifficultyStats {
  return {
    greatestMonsterKilledName: r.string('greatestMonsterKilledName'),
    greatestMonsterKilledLevel: r.u32(),
    greatestMonsterKilledLifeMana: r.u32(),
    lastMonsterHit: r.string('lastMonsterHit'),
    lastMonsterHitBy: r.string('lastMonsterHitBy'),
  };
}

function readStats(r: CipherReader, block: Block): PlayerStats {
  const version = r.u32('stats version');
  if (!SUPPORTED_STATS_VERSIONS.includes(version)) r.fail(`unsupported stats block version ${version}`);
  const stats: PlayerStats = {
    version,
    playTime: r.u32(),
    deaths: r.u32(),
    kills: r.u32(),
    experienceFromKills: r.u32(),
    healthPotionsUsed: r.u32(),
    energyPotionsUsed: r.u32(),
    maxLevel: r.u32(),
    hitsReceived: r.u32(),
    hitsInflicted: r.u32(),
    criticalHitsInflicted: r.u32(),
    criticalHitsReceived: r.u32(),
    greatestDamageInflicted: r.f32(),
    difficulties: [readDifficultyStats(r), readDifficultyStats(r), readDifficultyStats(r)],
  };
  // The remaining counters (champion, hero, nemesis kills, …) are skipped by the block length.
  r.skipTo(block);
  return stats;
}

/** Walk `count` nested blocks (id 0) inside `parent`: their lengths and end markers do not move the key. */
function skipNested(r: CipherReader, parent: Block, count: number, what: string): void {
  for (let i = 0; i < count; i++) {
    const child = r.beginBlock(0, parent);
    r.skipTo(child);
    r.endBlock(child);
  }
  if (r.position > parent.end) r.fail(`${what} overran block ${parent.id}`);
}

/** Block 3 (inventory): version, u8 flag; if set: u32 sacks, focused, selected, then the sacks as nested blocks. */
function skipInventory(r: CipherReader, block: Block): void {
  const version = r.u32('inventory version');
  if (version !== 4) r.fail(`unsupported inventory block version ${version}`);
  if (r.u8() !== 0) {
    const sacks = r.u32('sack count');
    r.u32();
    r.u32();
    skipNested(r, block, sacks, 'inventory sacks');
  }
  r.skipTo(block);
}

/** Block 4 (character stash): version 5 has one page, version 6 an u32 page count; pages are nested blocks. */
function skipCharacterStash(r: CipherReader, block: Block): void {
  const version = r.u32('character stash version');
  if (version !== 5 && version !== 6) r.fail(`unsupported character stash block version ${version}`);
  const pages = version >= 6 ? r.u32('stash page count') : 1;
  skipNested(r, block, pages, 'character stash pages');
  r.skipTo(block);
}

/** Read a player.gdc. Throws {@link FormatError} on anything that is not a whole, known player file. */
export function readPlayer(input: Uint8Array): PlayerFile {
  const r = new CipherReader(input, 'player.gdc');
  const magic = r.u32('magic');
  if (magic !== PLAYER_MAGIC) r.fail('not a player.gdc (bad magic)', 4);
  const headerVersion = r.u32('header version');
  if (headerVersion !== 1 && headerVersion !== 2) r.fail(`unknown header version ${headerVersion}`, 8);
  const name = r.wstring('name');
  const sex = r.u8('sex');
  const classTag = r.string('class tag');
  const level = r.u32('level');
  const hardcoreByte = r.u8('hardcore');
  const expansions = headerVersion >= 2 ? r.u8('expansions') : 0;
  if (r.next('header end') !== 0) r.fail('header is not followed by 0', r.position - 4);
  const fileVersion = r.u32('file version');
  if (!SUPPORTED_FILE_VERSIONS.includes(fileVersion)) r.fail(`unknown file version ${fileVersion}`, r.position - 4);
  const uid = Buffer.from(r.bytes(16, 'uid')).toString('hex');
  const { className, masteries } = classFromTag(classTag);
  const header: PlayerHeader = {
    headerVersion,
    name,
    sex: sex === 0 ? 'female' : 'male',
    classTag,
    className,
    masteries,
    level,
    hardcore: hardcoreByte !== 0,
    expansions,
    fileVersion,
    uid,
  };

  let info: PlayerInfo | undefined;
  let bio: PlayerBio | undefined;
  let stats: PlayerStats | undefined;
  const blocks: number[] = [];
  while (!r.atEnd) {
    const block = r.beginBlock();
    blocks.push(block.id);
    switch (block.id) {
      case 1:
        info = readInfo(r, block);
        break;
      case 2:
        bio = readBio(r, block);
        break;
      case 3:
        skipInventory(r, block);
        break;
      case 4:
        skipCharacterStash(r, block);
        break;
      case 16:
        stats = readStats(r, block);
        break;
      default:
        r.skipTo(block);
    }
    r.endBlock(block);
  }
  if (!info || !bio || !stats)
    throw new FormatError(`player.gdc: missing block ${!info ? 1 : !bio ? 2 : 16} (truncated file?)`, r.position);
  const lastAttackedBy = stats.difficulties[info.currentDifficulty]?.lastMonsterHitBy ?? '';
  return { header, info, bio, stats, lastAttackedBy, blocks };
}

/** The launcher's `characterInfo` (LAUNCHER-API.md §3) for a player file. */
export interface LauncherCharacterInfo {
  name: string;
  className: string;
  level: number;
  deathCount: number;
  timePlayed: number;
  devotionPoints: number;
  hardcore: 0 | 1;
  maxDifficulty: number;
  currentDifficulty: number;
  physique: number;
  cunning: number;
  spirit: number;
  health: number;
  energy: number;
  lastAttackedBy: string;
}

export function launcherCharacterInfo(player: PlayerFile): LauncherCharacterInfo {
  return {
    name: player.header.name,
    className: player.header.className ?? '',
    level: player.header.level,
    deathCount: player.stats.deaths,
    timePlayed: player.stats.playTime,
    devotionPoints: player.bio.totalDevotion,
    hardcore: player.header.hardcore ? 1 : 0,
    maxDifficulty: player.info.greatestDifficulty,
    currentDifficulty: player.info.currentDifficulty,
    physique: player.bio.physique,
    cunning: player.bio.cunning,
    spirit: player.bio.spirit,
    health: player.bio.health,
    energy: player.bio.energy,
    lastAttackedBy: player.lastAttackedBy,
  };
}
