import type { Mutator } from '@league/contracts';
import { apiClient } from '@/lib/api-client';

/** GET /season/boundless-mutators: Season 4 mutators, one record per class, mutator and difficulty. */
export function getBoundlessMutators(): Promise<Mutator[]> {
  return apiClient.get<Mutator[]>('/season/boundless-mutators');
}
