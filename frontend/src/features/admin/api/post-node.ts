import { apiClient } from '@/lib/api-client';
import type { SavedNode } from './admin-types';

export interface SaveNodeRequest {
  /** 0 for a new node. */
  nodeId: number;
  itemId?: number;
  monsterId?: number;
  parentNodeId: number | null;
  nodeTypeId: number;
  rawHtml: string;
  title?: string;
  active?: boolean;
}

/** POST /admin/node: creates or updates an item or monster node; the answer carries nodeId and parentNodeId. */
export function postNode(node: SaveNodeRequest): Promise<SavedNode> {
  return apiClient.post<SavedNode>('/admin/node', node);
}
