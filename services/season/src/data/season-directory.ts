import type Redis from 'ioredis';
import { redisChangeToken } from './change-tokens';
import type { SeasonDoc, SeasonModels } from './models';
import type { SeasonDirectoryPort } from '../domain/season-directory';

/** The season directory over the season collection and its change token in Redis (change-tokens.ts). */
export function redisSeasonDirectory(redis: Redis, database: string, models: SeasonModels): SeasonDirectoryPort {
  const token = redisChangeToken(redis, database, 'seasons');
  return {
    token: () => token.current(),
    changed: () => token.replace(),
    readAll: () => models.Season.find({}, { outbox: 0 }).lean<SeasonDoc[]>(),
  };
}
