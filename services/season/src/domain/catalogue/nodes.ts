import { ITEM_NODE_TYPES, MONSTER_NODE_TYPES, type SaveNodeBody, type SavedNode } from '@league/contracts';
import { AppError } from '@league/platform';
import { nodeText, sanitizeNodeHtml } from './node-html';
import type { CatalogueDeps, NodeOwnerKind, NodeRecord } from './ports';

export interface NodeOwner {
  kind: NodeOwnerKind;
  id: number;
}

export function ownerOf(ref: { itemId?: number; monsterId?: number }): NodeOwner {
  return ref.itemId !== undefined ? { kind: 'item', id: ref.itemId } : { kind: 'monster', id: ref.monsterId! };
}

const describe = (o: NodeOwner) => `${o.kind} ${o.id}`;

async function requireOwner(deps: CatalogueDeps, owner: NodeOwner): Promise<void> {
  const exists = owner.kind === 'item' ? await deps.items.get(owner.id) : await deps.monsters.get(owner.id);
  if (!exists) throw AppError.notFound(`${owner.kind === 'item' ? 'Item' : 'Monster'} ${owner.id} does not exist`);
}

function requireNodeType(owner: NodeOwner, nodeTypeId: number): void {
  const types = owner.kind === 'item' ? ITEM_NODE_TYPES : MONSTER_NODE_TYPES;
  if (!(nodeTypeId in types)) {
    throw AppError.badRequest(
      owner.kind === 'item'
        ? 'Item nodes have types 1 to 5 (base stats, item modifiers, skill modifiers, granted skill, set bonuses)'
        : 'Monster nodes have type 1 (attack) or 2 (passive)',
    );
  }
}

/** A node that exists and belongs to the owner the caller names; anything else is 404 for that owner. */
async function ownedNode(deps: CatalogueDeps, nodeId: number, owner: NodeOwner): Promise<NodeRecord> {
  const node = await deps.nodes.get(nodeId);
  if (!node) throw AppError.notFound(`Node ${nodeId} does not exist`);
  if (node.ownerKind !== owner.kind || node.ownerId !== owner.id) {
    throw AppError.notFound(`Node ${nodeId} does not belong to ${describe(owner)}`);
  }
  return node;
}

export function toSavedNode(n: NodeRecord): SavedNode {
  return {
    nodeId: n.nodeId,
    parentNodeId: n.parentNodeId,
    nodeTypeId: n.nodeTypeId,
    rawHtml: n.rawHtml,
    ...(n.ownerKind === 'item' ? { itemId: n.ownerId } : { monsterId: n.ownerId, title: n.title, active: n.active }),
  };
}

/**
 * Creates a node (nodeId 0 or absent) under an item or a monster, or updates one. The HTML is sanitised
 * here, on save, so nothing stored can run in a reader's browser. The answer carries the node's id and
 * its parent's, which the editor adopts for a node it created. A node stays in its section and under
 * its parent for life; nodes nest one level deep (a section's block and its lines).
 */
export async function saveNode(deps: CatalogueDeps, body: SaveNodeBody): Promise<SavedNode> {
  const owner = ownerOf(body);
  requireNodeType(owner, body.nodeTypeId);
  await requireOwner(deps, owner);
  const rawHtml = sanitizeNodeHtml(body.rawHtml);
  const content = { rawHtml, text: nodeText(rawHtml) };

  if (!body.nodeId) {
    let parentNodeId: number | null = null;
    if (body.parentNodeId) {
      const parent = await ownedNode(deps, body.parentNodeId, owner);
      if (parent.parentNodeId !== null)
        throw AppError.badRequest('Nodes nest one level deep: the parent is itself a child');
      if (parent.nodeTypeId !== body.nodeTypeId) {
        throw AppError.badRequest('A child node must be in the same section (nodeTypeId) as its parent');
      }
      parentNodeId = parent.nodeId;
    }
    const created = await deps.nodes.create({
      ownerKind: owner.kind,
      ownerId: owner.id,
      parentNodeId,
      nodeTypeId: body.nodeTypeId,
      ...content,
      title: owner.kind === 'monster' ? (body.title ?? '') : '',
      active: owner.kind === 'monster' ? (body.active ?? true) : true,
    });
    return toSavedNode(created);
  }

  const existing = await ownedNode(deps, body.nodeId, owner);
  if (existing.nodeTypeId !== body.nodeTypeId) throw AppError.badRequest('A node cannot move to another section');
  if (body.parentNodeId !== undefined && (body.parentNodeId ?? null) !== existing.parentNodeId) {
    throw AppError.badRequest('A node cannot move to another parent');
  }
  const updated = await deps.nodes.update(existing.nodeId, {
    ...content,
    title: owner.kind === 'monster' ? (body.title ?? existing.title) : '',
    active: owner.kind === 'monster' ? (body.active ?? existing.active) : true,
  });
  if (!updated) throw AppError.notFound(`Node ${body.nodeId} does not exist`);
  return toSavedNode(updated);
}

/** Deletes a node of the named owner, with its children. */
export async function deleteNode(deps: CatalogueDeps, nodeId: number, owner: NodeOwner): Promise<void> {
  await ownedNode(deps, nodeId, owner);
  await deps.nodes.deleteWithChildren(nodeId);
}
