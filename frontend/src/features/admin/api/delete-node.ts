import { apiClient } from '@/lib/api-client';

/** DELETE /admin/node/{id}?itemId=|monsterId=: the node of the named owner. */
export function deleteNode(nodeId: number, owner: { itemId: number } | { monsterId: number }): Promise<unknown> {
  return apiClient.delete(`/admin/node/${nodeId}`, { query: owner });
}
