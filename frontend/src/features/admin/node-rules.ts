import type { ItemNode, MonsterNode } from './api/admin-types';

/** One editable text block of an item or monster section; nodeId 0 = new (spec §4). */
export interface EditNode {
  key: string;
  nodeId: number;
  parentNodeId: number | null;
  nodeTypeId: number;
  rawHtml: string;
  title: string;
  active: boolean;
  /** 0 for a section's top-level node, 1 for a child. */
  depth: number;
  dirty: boolean;
}

export const ITEM_SECTIONS = [
  { nodeTypeId: 1, title: 'Base Stats', addLabel: 'Add Stats' },
  { nodeTypeId: 2, title: 'Item Modifiers', addLabel: 'Add Modifiers' },
  { nodeTypeId: 3, title: 'Skill Modifiers', addLabel: 'Add Skill' },
  { nodeTypeId: 4, title: 'Granted Skill', addLabel: 'Add Granted Skill' },
  { nodeTypeId: 5, title: 'Set Bonuses', addLabel: 'Add Set Bonuses' },
] as const;

export const MONSTER_SECTIONS = [
  { nodeTypeId: 1, title: 'Attacks', addLabel: 'Add Attack', nameLabel: 'Attack Name' },
  { nodeTypeId: 2, title: 'Passives', addLabel: 'Add Passive', nameLabel: 'Passive Name' },
] as const;

let seed = 0;
export const nodeKey = () => `n${++seed}`;

/** A section's nodes, each followed by its children, as flat editable blocks. */
export function flattenNodes(nodes: ReadonlyArray<ItemNode | MonsterNode>): EditNode[] {
  const out: EditNode[] = [];
  const push = (node: ItemNode | MonsterNode | ItemNode['childNodes'][number], depth: number) => {
    const withMeta = node as Partial<MonsterNode> & ItemNode['childNodes'][number];
    out.push({
      key: nodeKey(),
      nodeId: withMeta.nodeId,
      parentNodeId: withMeta.parentNodeId,
      nodeTypeId: withMeta.nodeTypeId,
      rawHtml: withMeta.rawHtml,
      title: withMeta.title ?? '',
      active: withMeta.active ?? true,
      depth,
      dirty: false,
    });
  };
  for (const node of nodes) {
    push(node, 0);
    for (const child of node.childNodes) push(child as ItemNode['childNodes'][number], 1);
  }
  return out;
}

export function newNode(nodeTypeId: number, extra: Partial<EditNode> = {}): EditNode {
  return {
    key: nodeKey(),
    nodeId: 0,
    parentNodeId: null,
    nodeTypeId,
    rawHtml: '',
    title: '',
    active: true,
    depth: 0,
    dirty: true,
    ...extra,
  };
}
