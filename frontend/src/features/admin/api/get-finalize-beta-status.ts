import { apiClient } from '@/lib/api-client';
import type { FinaliseStatus } from './admin-types';

/** GET /file/finalize-beta/status. */
export function getFinalizeBetaStatus(): Promise<FinaliseStatus> {
  return apiClient.get<FinaliseStatus>('/file/finalize-beta/status', { showError: false });
}
