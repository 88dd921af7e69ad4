import type { ItemNode, MonsterNode } from '@league/contracts';
import type { NodeRecord } from './ports';

const byId = (a: NodeRecord, b: NodeRecord) => a.nodeId - b.nodeId;

/** Top-level nodes with their children nested, oldest first; children of a missing parent are dropped. */
function tree<T>(nodes: NodeRecord[], shape: (n: NodeRecord) => Omit<T, 'childNodes'>): Array<T> {
  const top = nodes.filter((n) => n.parentNodeId === null).sort(byId);
  return top.map(
    (parent) =>
      ({
        ...shape(parent),
        childNodes: nodes
          .filter((n) => n.parentNodeId === parent.nodeId)
          .sort(byId)
          .map((child) => ({ ...shape(child), childNodes: [] })),
      }) as T,
  );
}

const common = (n: NodeRecord) => ({
  nodeId: n.nodeId,
  parentNodeId: n.parentNodeId,
  nodeTypeId: n.nodeTypeId,
  rawHtml: n.rawHtml,
});

export const itemNodeTree = (nodes: NodeRecord[]): ItemNode[] => tree<ItemNode>(nodes, common);

export const monsterNodeTree = (nodes: NodeRecord[]): MonsterNode[] =>
  tree<MonsterNode>(nodes, (n) => ({ ...common(n), title: n.title, active: n.active }));
