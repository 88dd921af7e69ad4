import type { AuthUser } from '@league/platform';
import type { ParticipantDoc } from '../data/models';
import { saveCharacter, type CharacterContext } from './characters';

/** The Season 7 hardcore ladder on prod: where the demo's deaths happen. */
const HARDCORE_LADDER = 19;

/** The seed acts as an admin (the use case checks ownership; an admin may record for any participant). */
const SEED_USER: AuthUser = { id: 'demo-seed', username: 'demo-seed', role: 'admin', roles: ['admin'] };

/**
 * A few demo characters that died, each the way the launcher reports one: its class, level, current
 * difficulty and the tag of the creature that last hit it (tags as they appear in real saves).
 */
const DEMO_DEATHS = [
  { name: 'Morrigan', className: 'Ritualist', level: 100, difficulty: 2, tag: 'tagGDX2Boss_Final01' },
  { name: 'Ashfall', className: 'Pyromancer', level: 97, difficulty: 2, tag: 'tagGDX2Boss_Final01' },
  { name: 'Greyhold', className: 'Warder', level: 88, difficulty: 2, tag: 'tagGDX2EnemyEldritchWraith_C01' },
  { name: 'Lanternjaw', className: 'Witch Hunter', level: 79, difficulty: 1, tag: 'tagGDX1Boss_Wendigo03' },
  { name: 'Quietus', className: 'Ritualist', level: 64, difficulty: 1, tag: 'tagGDX2EnemyEldritchWraith_C01' },
  { name: 'Bramble', className: 'Conjurer', level: 52, difficulty: 1, tag: 'tagEnemyChthonianDevourerA01' },
  { name: 'Tinder', className: 'Demolitionist', level: 31, difficulty: 0, tag: 'tagHeroGhostH05' },
  { name: 'Pallid', className: 'Occultist', level: 12, difficulty: 0, tag: 'tagEnemyZombieA01' },
  { name: 'Rook', className: 'Soldier', level: 4, difficulty: 0, tag: 'tagEnemyZombieA01' },
];

const checksumOf = (i: number) => (0xdead0000 + i).toString(16).toUpperCase().padStart(32, '0');

/**
 * Records the demo deaths on the hardcore ladder through the upload use case (death rows, kill-tracker
 * tallies, analytics invalidation), one character per demo participant, the first ones by id. Running it
 * again adds nothing: each death's row id is its character and death counter, and the character's stored
 * counter is already there. Without demo participants on that ladder it does nothing.
 */
export async function seedDemoDeaths(c: CharacterContext): Promise<{ deaths: number }> {
  const participants = await c.season.models.Participant.find(
    { seasonId: HARDCORE_LADDER, userId: /^demo-/ },
    { _id: 1 },
  )
    .sort({ _id: 1 })
    .limit(DEMO_DEATHS.length)
    .lean<Array<Pick<ParticipantDoc, '_id'>>>();
  let deaths = 0;
  for (const [i, p] of participants.entries()) {
    const d = DEMO_DEATHS[i]!;
    const before = await c.models.CharacterDeath.countDocuments({ participantId: p._id });
    await saveCharacter(c, p._id, SEED_USER, {
      characterInfo: {
        name: d.name,
        className: d.className,
        level: d.level,
        deathCount: 1,
        timePlayed: 3600 * (1 + d.level),
        devotionPoints: Math.min(55, Math.floor(d.level / 2)),
        hardcore: true,
        maxDifficulty: d.difficulty,
        currentDifficulty: d.difficulty,
        physique: 50 + 4 * d.level,
        cunning: 50 + 2 * d.level,
        spirit: 50 + 2 * d.level,
        health: 300 + 40 * d.level,
        energy: 250 + 10 * d.level,
        lastAttackedBy: d.tag,
      },
      questInfo: {},
      checksum: checksumOf(i),
    });
    deaths += (await c.models.CharacterDeath.countDocuments({ participantId: p._id })) - before;
  }
  return { deaths };
}
