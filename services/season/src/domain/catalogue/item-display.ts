import {
  stashItemTypeId,
  STAT_TYPE_GRANTED_SKILL,
  STAT_TYPE_PET,
  type CatalogueItemType,
  type ItemStatLine,
  type ItemStats,
} from '@league/contracts';
import { nodeLines } from './node-html';
import type { ItemRecord, NodeRecord } from './ports';
import { itemStyleOf } from './rules';

const PET_HEADER = /^bonus to all pets:?$/i;

/** Parents first (by id), each followed by its children: the order the item page shows them in. */
function inDisplayOrder(nodes: NodeRecord[]): NodeRecord[] {
  const byId = (a: NodeRecord, b: NodeRecord) => a.nodeId - b.nodeId;
  const top = nodes.filter((n) => n.parentNodeId === null).sort(byId);
  return top.flatMap((parent) => [parent, ...nodes.filter((n) => n.parentNodeId === parent.nodeId).sort(byId)]);
}

function linesOf(node: NodeRecord): ItemStatLine[] {
  if (node.nodeTypeId === 4)
    return nodeLines(node.rawHtml).map((statDisplay) => ({ statDisplay, statTypeId: STAT_TYPE_GRANTED_SKILL }));
  const out: ItemStatLine[] = [];
  let pets = false;
  for (const line of nodeLines(node.rawHtml)) {
    // The game lists pet bonuses under a 'Bonus to All Pets' header; the display has its own section for them.
    if (PET_HEADER.test(line)) {
      pets = true;
      continue;
    }
    out.push({ statDisplay: line, statTypeId: pets ? STAT_TYPE_PET : node.nodeTypeId });
  }
  return out;
}

/**
 * The item display of a catalogue item (see the service README): a catalogue entry is one fixed item
 * record, so it has a base item and no random prefix or suffix. Its stat lines come from its nodes:
 * base stats, item modifiers, skill modifiers (statTypeId = node type, pet lines 462) and the granted
 * skill (463); the set bonuses are the completion lines.
 */
export function itemStats(item: ItemRecord, nodes: NodeRecord[]): ItemStats {
  const ordered = inDisplayOrder(nodes);
  const section = (types: number[]) => types.flatMap((t) => ordered.filter((n) => n.nodeTypeId === t).flatMap(linesOf));
  return {
    itemDisplay: {
      baseItem: {
        itemDbrTag: { name: item.name },
        rarity: item.rarity,
        style: itemStyleOf(item.name),
        itemTypeId: item.type ? stashItemTypeId(item.type as CatalogueItemType) : null,
        levelRequirement: item.requiredPlayerLevel,
      },
      prefix: null,
      suffix: null,
      itemType: item.type,
    },
    statDetail: {
      itemStatLines: section([1, 2, 3, 4]),
      completionStatLines: section([5]),
    },
  };
}
