import { apiClient } from '@/lib/api-client';
import type { FileRecord } from './admin-types';

/** GET /file/uploads/{id}: an upload and its processing outcome. */
export function getUpload(id: string): Promise<FileRecord> {
  return apiClient.get<FileRecord>(`/file/uploads/${encodeURIComponent(id)}`);
}
