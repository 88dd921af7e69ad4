import { apiClient } from '@/lib/api-client';
import type { StatFilter } from './trade-types';

/** GET /season/item-filters: the stat filter catalogue (description, statTag, category). */
export function getItemFilters(): Promise<StatFilter[]> {
  return apiClient.get<StatFilter[]>('/season/item-filters');
}
