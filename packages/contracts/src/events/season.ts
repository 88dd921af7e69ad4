import { defineEvent } from '../envelope';
import { z } from '../zod';

/** A player joined a season's ladder (their first POST /season/add-participant/{id}). */
export const participantJoinedV1 = defineEvent(
  'season.participant-joined.v1',
  z.object({
    seasonParticipantId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    userId: z.string().min(1),
    username: z.string().min(1),
    joinedAt: z.string().datetime(),
    /** 1 trade ladder, 2 hardcore SSF (the trade service keeps only type 1 participants). */
    seasonTypeId: z.number().int().optional(),
    isBeta: z.boolean().optional(),
  }),
);

/**
 * A participant's recorded quantity for one season challenge changed. `quantity` is the new total;
 * 0 means an admin withdrew the completion. `level` is the character's level when known.
 */
export const challengeCompletedV1 = defineEvent(
  'season.challenge-completed.v1',
  z.object({
    seasonParticipantId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    seasonChallengeId: z.number().int().positive(),
    quantity: z.number().int().min(0),
    level: z.number().int().nullable(),
    completedAt: z.string().datetime(),
  }),
);

/** A participant's rank or point total on a ladder changed (the standings read model moved). */
export const standingChangedV1 = defineEvent(
  'season.standing-changed.v1',
  z.object({
    seasonParticipantId: z.number().int().positive(),
    seasonId: z.number().int().positive(),
    username: z.string().min(1),
    rank: z.number().int().positive(),
    previousRank: z.number().int().positive().nullable(),
    pointTotal: z.number().int(),
  }),
);
