import { z } from '../zod';
import { BUILD_CLASSES, DIFFICULTIES } from '../catalogue-constants';
import { booleanQuery, branchSchema, idParam } from './common';

/**
 * A build class as stored: the frontend may send 'Base: Title' (e.g. 'Soldier: Death Knight'); the part
 * after ': ' is what counts, and it must be one of the 45 names.
 */
export const buildClassSchema = z
  .string()
  .trim()
  .transform((v) => (v.includes(': ') ? v.slice(v.lastIndexOf(': ') + 2).trim() : v))
  .refine((v) => BUILD_CLASSES.includes(v), { message: 'must be one of the 45 class names' });

export const CHALLENGE_TYPES = { single: 1, levelBased: 2, inverseLevelBased: 3, scaling: 4 } as const;

/** An absolute http(s) URL, at most 2048 characters. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
      } catch {
        return false;
      }
    },
    { message: 'must be an http(s) URL' },
  );

const IMAGE_PATH = /\.(png|jpe?g|gif|webp|bmp)$/i;
/** Screenshot URLs must name an image file (checked by the path's extension; the server never fetches it). */
export const imageUrlSchema = httpUrlSchema.refine(
  (v) => {
    // Runs even when the URL check above failed (zod keeps refining), so it must not throw.
    try {
      return IMAGE_PATH.test(new URL(v).pathname);
    } catch {
      return false;
    }
  },
  { message: 'must point at an image (.png, .jpg, .jpeg, .gif, .webp or .bmp)' },
);

export const seasonIdParams = z.object({ id: idParam });
export const branchQuery = z.object({ branch: branchSchema.optional() });

export const latestSeasonQuery = z.object({
  includeChallenges: booleanQuery.optional(),
  includeParticipants: booleanQuery.optional(),
  branch: branchSchema.optional(),
});

export const modNameParams = z.object({
  modName: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a mod folder name like GrimLeagueS07'),
});

export const participantChallengesQuery = z.object({ participantId: idParam.optional() });

export const participantChallengeSchema = z
  .object({
    seasonChallengeId: idParam,
    quantity: z.number().int().min(0).max(100_000),
    /** The character's level when the challenge was done; needed for level-based points when known. */
    level: z.number().int().min(1).max(100).nullable().optional(),
  })
  .openapi('ParticipantChallenge');

export const setParticipantChallengesBody = z
  .object({
    seasonParticipantId: idParam,
    participantChallenges: z
      .array(participantChallengeSchema)
      .min(1)
      .max(1000)
      .refine((list) => new Set(list.map((c) => c.seasonChallengeId)).size === list.length, {
        message: 'each seasonChallengeId may appear once',
      }),
  })
  .openapi('SetParticipantChallenges');

export const standingSchema = z.object({ rank: z.number().int(), pointTotal: z.number().int() }).openapi('Standing');

export const leaderboardEntrySchema = z
  .object({
    seasonParticipantId: z.number().int(),
    username: z.string(),
    points: z.number().int(),
    twitchUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    rank: z.number().int(),
    classesPlayed: z.array(z.string()),
  })
  .openapi('LeaderboardEntry');
export const leaderboardSchema = z
  .object({ leaderboardEntries: z.array(leaderboardEntrySchema) })
  .openapi('Leaderboard');

export const saveBuildBody = z
  .object({
    participantCharacterBuildId: z.number().int().min(0).default(0),
    seasonParticipantId: idParam,
    buildClass: buildClassSchema,
    buildUrl: httpUrlSchema,
    buildDescription: z.string().max(4000).nullable().optional(),
  })
  .openapi('SaveBuild');

export const saveScreenshotBody = z
  .object({
    participantScreenshotId: z.number().int().min(0).default(0),
    seasonParticipantId: idParam,
    screenshotUrl: imageUrlSchema,
  })
  .openapi('SaveScreenshot');

const difficultiesSchema = z
  .string()
  .trim()
  .refine(
    (v) => {
      const parts = v.split('+');
      return (
        parts.length > 0 &&
        new Set(parts).size === parts.length &&
        parts.every((p) => (DIFFICULTIES as readonly string[]).includes(p))
      );
    },
    { message: "must be Normal, Elite and/or Ultimate joined by '+'" },
  )
  // Canonical order, so 'Ultimate+Normal' and 'Normal+Ultimate' are the same value.
  .transform((v) => DIFFICULTIES.filter((d) => v.split('+').includes(d)).join('+'));

export const saveSeasonChallengeBody = z
  .object({
    seasonChallengeId: z.number().int().min(0),
    seasonId: idParam,
    challengeName: z.string().trim().min(1).max(200),
    questTag: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^gdl_[a-z0-9_]{1,80}$/, 'must be a lower-case gdl_* token')
      .nullable()
      .optional(),
    difficulties: difficultiesSchema,
    maxLevel: z.number().int().min(1).max(100),
    challengeCategoryId: idParam,
    challengeTypeId: z.number().int().min(1).max(4),
    scalingThreshold: z.number().int().min(0).max(100_000).nullable().optional(),
    pointValue: z.number().int().min(0).max(100_000),
    displayOrder: z.number().int().min(1).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.challengeTypeId === CHALLENGE_TYPES.scaling && !(c.scalingThreshold && c.scalingThreshold >= 1)) {
      ctx.addIssue({
        code: 'custom',
        path: ['scalingThreshold'],
        message: 'a Scaling challenge needs a threshold of at least 1',
      });
    }
    if (c.challengeTypeId !== CHALLENGE_TYPES.scaling && c.scalingThreshold) {
      ctx.addIssue({
        code: 'custom',
        path: ['scalingThreshold'],
        message: 'only Scaling challenges (type 4) take a threshold',
      });
    }
  })
  .openapi('SaveSeasonChallenge');

export const displayOrderBody = z
  .array(z.object({ seasonChallengeId: idParam, displayOrder: z.number().int().min(1).max(100_000) }))
  .min(1)
  .max(1000)
  .refine((l) => new Set(l.map((e) => e.seasonChallengeId)).size === l.length, {
    message: 'each seasonChallengeId may appear once',
  })
  .refine((l) => new Set(l.map((e) => e.displayOrder)).size === l.length, {
    message: 'each displayOrder may appear once',
  })
  .openapi('ChallengeDisplayOrder');

export type SaveSeasonChallenge = z.infer<typeof saveSeasonChallengeBody>;
export type SaveBuild = z.infer<typeof saveBuildBody>;
export type SaveScreenshot = z.infer<typeof saveScreenshotBody>;
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
