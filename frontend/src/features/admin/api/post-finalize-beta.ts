import { apiClient } from '@/lib/api-client';
import type { FinaliseStatus } from './admin-types';

/** POST /file/finalize-beta (no payload): starts promoting beta's files to prod, or answers the running run. */
export function postFinalizeBeta(): Promise<FinaliseStatus> {
  return apiClient.post<FinaliseStatus>('/file/finalize-beta', undefined, { showError: false });
}
