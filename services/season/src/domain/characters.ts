import { z } from '@league/contracts';
import { AppError, isDuplicateKey, type AuthUser } from '@league/platform';
import type { CharacterDeathDoc, CharacterDoc, CharacterModels } from '../data/characters';
import type { ChallengeDoc, ParticipantDoc } from '../data/models';
import { underLock, usernameKey, type SeasonContext } from './context';
import { killerName, namingFor } from './game-names';
import { levelBandOf, type AnalyticsCache } from './death-analytics';
import { findParticipant, setParticipantChallenges } from './participants';
import { assertParticipantVisible, findSeason } from './seasons';

export interface CharacterContext {
  season: SeasonContext;
  models: CharacterModels;
  /** Told when a death is recorded, so the season's cached death analytics are recomputed. */
  analytics?: Pick<AnalyticsCache, 'invalidate'>;
}

export const CHARACTER_NAME = /^[^\\/\x00-\x1f]{1,64}$/; // eslint-disable-line no-control-regex
export const characterName = z
  .string()
  .regex(CHARACTER_NAME, 'a character name is 1–64 characters, no slashes')
  .refine((s) => !s.includes('..'), 'a character name cannot contain ..');
export const questToken = z
  .string()
  .regex(/^gdl_[A-Za-z0-9_]{1,60}$/i, 'a quest token is gdl_ followed by letters, digits and _')
  .transform((s) => s.toLowerCase());

const count = z.coerce.number().int().min(0).max(2_147_483_647);
const difficulty = z.coerce.number().int().min(0).max(2);

/** `characterInfo` of the launcher's character JSON; the BFF fills what the JSON lacks from the player.gdc. */
export const characterInfoSchema = z.object({
  name: characterName,
  className: z.string().max(64).default(''),
  level: z.coerce.number().int().min(0).max(1000),
  deathCount: count.default(0),
  timePlayed: count.default(0),
  devotionPoints: count.default(0),
  hardcore: z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]).transform((v) => v === true || v === 1),
  maxDifficulty: difficulty.default(0),
  currentDifficulty: difficulty.default(0),
  physique: z.coerce.number().min(0).default(0),
  cunning: z.coerce.number().min(0).default(0),
  spirit: z.coerce.number().min(0).default(0),
  health: z.coerce.number().min(0).default(0),
  energy: z.coerce.number().min(0).default(0),
  lastAttackedBy: z.string().max(200).default(''),
});

export const questInfoSchema = z
  .object({
    normalQuestTags: z.array(z.string().max(64)).optional(),
    eliteQuestTags: z.array(z.string().max(64)).optional(),
    ultimateQuestTags: z.array(z.string().max(64)).optional(),
  })
  .default({});

/** What the BFF sends after it stored the player.gdc: the character info, its quest tokens, the file's MD5. */
export const saveCharacterBody = z.object({
  characterInfo: characterInfoSchema,
  questInfo: questInfoSchema.nullable().optional(),
  checksum: z.string().regex(/^[0-9A-Fa-f]{32}$/, 'an MD5 in hex'),
});
export type SaveCharacterBody = z.infer<typeof saveCharacterBody>;

const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/** The participant, if the caller owns it (or is an admin): 404 unknown or someone else's in beta, 403 someone else's. */
export async function ownedParticipant(ctx: SeasonContext, participantId: number, user: AuthUser) {
  const p = await findParticipant(ctx, participantId);
  if (!isAdmin(user) && usernameKey(p.username) !== usernameKey(user.username)) {
    // Someone else's beta participant does not exist for a player (404, as an unknown id).
    await assertParticipantVisible(ctx, participantId, user);
    throw AppError.forbidden(`Participant ${participantId} is not yours`);
  }
  return p;
}

const nameKeyOf = (name: string) => name.trim().toLowerCase();
const characterKey = (participantId: number, name: string) => `${participantId}:${nameKeyOf(name)}`;

export async function listCharacters(c: CharacterContext, participantId: number, user: AuthUser): Promise<string[]> {
  await ownedParticipant(c.season, participantId, user);
  const rows = await c.models.Character.find({ participantId }, { name: 1 })
    .sort({ nameKey: 1 })
    .lean<Array<Pick<CharacterDoc, 'name'>>>();
  return rows.map((r) => r.name);
}

export async function getCharacter(c: CharacterContext, participantId: number, name: string, user: AuthUser) {
  await ownedParticipant(c.season, participantId, user);
  const found = await c.models.Character.findOne({ participantId, nameKey: nameKeyOf(name) }).lean<CharacterDoc>();
  return found ? { participantCharacterId: found._id, lastChecksum: found.lastChecksum } : undefined;
}

export async function deleteCharacter(c: CharacterContext, participantId: number, name: string, user: AuthUser) {
  await ownedParticipant(c.season, participantId, user);
  await underLock(c.season, 'participant_characters', characterKey(participantId, name), () =>
    c.models.Character.deleteOne({ participantId, nameKey: nameKeyOf(name) }),
  );
  return {};
}

/** A creature's display name: the catalogue's monster when it knows the tag, else the tag itself. */
export async function creatureName(ctx: SeasonContext, tag: string): Promise<string> {
  if (!tag) return 'Unknown';
  const monsters = ctx.models.Participant.db.collection('catalogue_monsters');
  const known = (await monsters.findOne({ $or: [{ tag }, { seedKey: tag }] } as never, {
    projection: { name: 1 },
  })) as { name?: string } | null;
  return known?.name || tag;
}

/** One more kill for the creature of this tag in the season (keyed by the tag, named when read). */
async function addKillTally(ctx: SeasonContext, seasonId: number, tag: string, killedBy: string) {
  const key = tag || killedBy;
  await underLock(ctx, 'killTallies', `${seasonId}:${key}`, () =>
    ctx.models.KillTally.updateOne(
      { seasonId, tag: key },
      { $inc: { killedCount: 1 }, $set: { killedBy } },
      { upsert: true },
    ),
  );
  ctx.ladderChanged(seasonId);
}

/**
 * Stores an uploaded character. For a hardcore character whose death counter went up since the last
 * upload (or that arrives dead), one death row and one kill-tracker tally for the creature that last hit
 * it. The death row's id is the counter value, so the same save uploaded twice counts once. The row keeps
 * what the analytics group by: the killer, the class, the level (and its band) and the current difficulty.
 */
export async function saveCharacter(
  c: CharacterContext,
  participantId: number,
  user: AuthUser,
  body: SaveCharacterBody,
) {
  const participant = await ownedParticipant(c.season, participantId, user);
  const info = body.characterInfo;
  const key = characterKey(participantId, info.name);
  const now = c.season.now();
  const saved = await underLock(c.season, 'participant_characters', key, async () => {
    const before = await c.models.Character.findOne({
      participantId,
      nameKey: nameKeyOf(info.name),
    }).lean<CharacterDoc>();
    if (info.hardcore && info.deathCount > (before?.deathCount ?? 0)) {
      const killedBy = await creatureName(c.season, info.lastAttackedBy);
      const death: CharacterDeathDoc = {
        _id: `${key}:${info.deathCount}`,
        participantId,
        seasonId: participant.seasonId,
        characterName: info.name,
        deathCount: info.deathCount,
        tag: info.lastAttackedBy,
        killedBy,
        className: info.className,
        level: info.level,
        levelBand: levelBandOf(info.level),
        difficulty: info.currentDifficulty,
        at: now,
      };
      const fresh = await c.models.CharacterDeath.collection
        .insertOne(death as never)
        .then(() => true)
        .catch((err: unknown) => {
          if (isDuplicateKey(err)) return false;
          throw err;
        });
      if (fresh) {
        await addKillTally(c.season, participant.seasonId, info.lastAttackedBy, killedBy);
        await c.analytics?.invalidate(participant.seasonId);
      }
    }
    const id =
      before?._id ??
      (c.season.sequences
        ? await c.season.sequences.next('participantCharacter', async () => {
            const top = await c.models.Character.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>();
            return top?._id ?? 0;
          })
        : ((await c.models.Character.findOne({}, { _id: 1 }).sort({ _id: -1 }).lean<{ _id: number }>())?._id ?? 0) + 1);
    const fields = {
      ...info,
      participantId,
      seasonId: participant.seasonId,
      nameKey: nameKeyOf(info.name),
      lastChecksum: body.checksum.toUpperCase(),
      updatedAt: now,
    };
    await c.models.Character.collection.updateOne(
      { _id: id } as never,
      { $set: fields, $setOnInsert: { createdAt: now } } as never,
      { upsert: true },
    );
    return id;
  });
  const tokens = [
    ...(body.questInfo?.normalQuestTags ?? []),
    ...(body.questInfo?.eliteQuestTags ?? []),
    ...(body.questInfo?.ultimateQuestTags ?? []),
  ]
    .map((t) => t.toLowerCase())
    .filter((t) => t.startsWith('gdl_'));
  const completed = tokens.length ? await completeQuestTags(c.season, participant, tokens, info.level) : [];
  return { participantCharacterId: saved, completedChallengeIds: completed };
}

/** Completes the season's challenges whose questTag is among the tokens and that are not done yet. */
export async function completeQuestTags(
  ctx: SeasonContext,
  participant: ParticipantDoc,
  tokens: string[],
  level: number | null,
): Promise<number[]> {
  const wanted = new Set(tokens.map((t) => t.toLowerCase()));
  const challenges = await ctx.models.Challenge.find({ seasonId: participant.seasonId }).lean<ChallengeDoc[]>();
  const matching = challenges.filter((ch) => ch.questTag && wanted.has(ch.questTag.toLowerCase()));
  const done = new Set(participant.challenges.filter((p) => p.quantity > 0).map((p) => p.seasonChallengeId));
  const changes = matching
    .filter((ch) => !done.has(ch._id))
    .map((ch) => ({ seasonChallengeId: ch._id, quantity: 1, level }));
  if (changes.length) await setParticipantChallenges(ctx, participant.seasonId, participant._id, changes);
  return matching.map((ch) => ch._id);
}

/** POST P/quest-tag/{token}: 404 when no challenge of the participant's season carries the token. */
export async function questTag(
  ctx: SeasonContext,
  participantId: number,
  token: string,
  level: number,
  user: AuthUser,
) {
  const participant = await ownedParticipant(ctx, participantId, user);
  const ids = await completeQuestTags(ctx, participant, [token], level);
  if (ids.length === 0)
    throw AppError.notFound(`No challenge of season ${participant.seasonId} has the quest tag ${token}`);
  return { seasonChallengeIds: ids };
}

/** The admin's Character Files page: the characters and the killed-by table of this participant. */
export async function characterData(c: CharacterContext, participantId: number, acceptLanguage?: string) {
  const p = await findParticipant(c.season, participantId);
  const season = await findSeason(c.season, p.seasonId);
  const [characters, deaths] = await Promise.all([
    c.models.Character.find({ participantId }).sort({ nameKey: 1 }).lean<CharacterDoc[]>(),
    c.models.CharacterDeath.find({ participantId }).lean<CharacterDeathDoc[]>(),
  ]);
  const naming = namingFor(c.season, season.isBeta, acceptLanguage);
  const tally = new Map<string, number>();
  for (const d of deaths) {
    const name = killerName(naming, d.tag, d.killedBy);
    tally.set(name, (tally.get(name) ?? 0) + 1);
  }
  return {
    characters: characters.map((ch) => ({
      name: ch.name,
      className: ch.className,
      level: ch.level,
      hardcore: ch.hardcore,
      deathCount: ch.deathCount,
    })),
    killedBy: [...tally.entries()]
      .map(([killedBy, killedCount]) => ({ killedBy, killedCount }))
      .sort((a, b) => b.killedCount - a.killedCount || a.killedBy.localeCompare(b.killedBy)),
  };
}
