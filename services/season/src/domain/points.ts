import { CHALLENGE_TYPES } from '@league/contracts';

/** The fields of a season challenge that decide its points. */
export interface ChallengeRule {
  seasonChallengeId: number;
  challengeTypeId: number;
  pointValue: number;
  maxLevel: number;
  scalingThreshold: number | null;
  /** Points from the Tiebreakers category only break ties; they still count towards the total. */
  isTiebreaker: boolean;
}

/** What a participant has recorded for one challenge. */
export interface ChallengeProgress {
  seasonChallengeId: number;
  quantity: number;
  /** The character's level when it was done; null when an admin recorded it without one. */
  level: number | null;
  completedAt: Date;
}

/**
 * Points one challenge pays (formulas in the service README):
 * - 1 Single: pointValue once quantity ≥ 1.
 * - 2 Level Based: pointValue once quantity ≥ 1 and level ≤ maxLevel.
 * - 3 Inverse Level Based: level ≤ maxLevel pays pointValue + (maxLevel − level): the lower the level, the more.
 * - 4 Scaling: pointValue × min(quantity, scalingThreshold).
 * A completion recorded without a level (an admin's entry) counts as done at maxLevel.
 */
export function challengePoints(rule: ChallengeRule, progress: Pick<ChallengeProgress, 'quantity' | 'level'>): number {
  if (progress.quantity < 1) return 0;
  const level = progress.level ?? rule.maxLevel;
  switch (rule.challengeTypeId) {
    case CHALLENGE_TYPES.single:
      return rule.pointValue;
    case CHALLENGE_TYPES.levelBased:
      return level <= rule.maxLevel ? rule.pointValue : 0;
    case CHALLENGE_TYPES.inverseLevelBased:
      return level <= rule.maxLevel ? rule.pointValue + (rule.maxLevel - level) : 0;
    case CHALLENGE_TYPES.scaling:
      return rule.pointValue * Math.min(progress.quantity, Math.max(rule.scalingThreshold ?? 0, 0));
    default:
      return 0;
  }
}

export interface PointSummary {
  points: number;
  tiebreakerPoints: number;
  /** When the current total was reached: the latest completion that pays, or `since` when none pays. */
  reachedAt: Date;
}

/** A participant's totals from their progress; challenges no longer in the season pay nothing. */
export function summarisePoints(rules: ChallengeRule[], progress: ChallengeProgress[], since: Date): PointSummary {
  const byId = new Map(rules.map((r) => [r.seasonChallengeId, r]));
  let points = 0;
  let tiebreakerPoints = 0;
  let reachedAt = since;
  for (const p of progress) {
    const rule = byId.get(p.seasonChallengeId);
    if (!rule) continue;
    const earned = challengePoints(rule, p);
    if (earned === 0) continue;
    points += earned;
    if (rule.isTiebreaker) tiebreakerPoints += earned;
    if (p.completedAt > reachedAt) reachedAt = p.completedAt;
  }
  return { points, tiebreakerPoints, reachedAt };
}
