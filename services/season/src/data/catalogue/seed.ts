import { isDuplicateKey, type ChangeToken, type Sequences } from '@league/platform';
import type { Connection } from 'mongoose';
import { nodeText, sanitizeNodeHtml } from '../../domain/catalogue/node-html';
import type { NodeOwnerKind } from '../../domain/catalogue/ports';
import { catalogueStore } from './repositories';
import {
  expandMutators,
  SEED_ENCOUNTERS,
  SEED_ITEMS,
  SEED_STAT_FILTERS,
  type SeedMonster,
  type SeedNode,
} from './seed-data';

export interface SeedReport {
  items: number;
  nodes: number;
  encounters: number;
  monsters: number;
  mutators: number;
  statFilters: number;
}

/** The record with this seed key, created if missing; a concurrent seed that wins the race is adopted. */
async function ensure(
  find: () => Promise<number | undefined>,
  create: () => Promise<number>,
): Promise<[number, boolean]> {
  const found = await find();
  if (found !== undefined) return [found, false];
  try {
    return [await create(), true];
  } catch (err) {
    const again = isDuplicateKey(err) ? await find() : undefined;
    if (again === undefined) throw err;
    return [again, false];
  }
}

const html = (text: string) => sanitizeNodeHtml(text.split('\n').join('<br>'));

/**
 * Writes the demo catalogue (seed-data.ts). Idempotent: every record carries a seed key and only missing
 * ones are created, so a second run (or a run after a crash half-way) completes the catalogue without
 * duplicating anything, and never touches records admins made or edited. Mutators and stat filters
 * are reference data keyed by name and tag, written as the seed data says.
 */
export async function seedCatalogue(conn: Connection, sequences: Sequences, token: ChangeToken): Promise<SeedReport> {
  const store = catalogueStore(conn, sequences, token);
  await store.ready;
  const created: SeedReport = { items: 0, nodes: 0, encounters: 0, monsters: 0, mutators: 0, statFilters: 0 };
  const { models } = store;

  const idOf = async (
    model: typeof models.items | typeof models.nodes | typeof models.encounters | typeof models.monsters,
    key: string,
  ) => {
    const doc = await (model as typeof models.items).findOne({ seedKey: key }, { _id: 1 }).lean<{ _id: number }>();
    return doc?._id;
  };

  const seedNodes = async (
    kind: NodeOwnerKind,
    ownerId: number,
    ownerKey: string,
    nodes: Array<SeedNode & { title?: string }>,
  ) => {
    for (const [i, node] of nodes.entries()) {
      const key = `${ownerKey}#${i}`;
      const rawHtml = html(node.html);
      const [parentId, made] = await ensure(
        () => idOf(models.nodes, key),
        async () =>
          (
            await store.nodes.create(
              {
                ownerKind: kind,
                ownerId,
                parentNodeId: null,
                nodeTypeId: node.type,
                rawHtml,
                text: nodeText(rawHtml),
                title: node.title ?? '',
                active: true,
              },
              key,
            )
          ).nodeId,
      );
      if (made) created.nodes++;
      for (const [j, line] of (node.children ?? []).entries()) {
        const childKey = `${key}.${j}`;
        const childHtml = html(line);
        const [, childMade] = await ensure(
          () => idOf(models.nodes, childKey),
          async () =>
            (
              await store.nodes.create(
                {
                  ownerKind: kind,
                  ownerId,
                  parentNodeId: parentId,
                  nodeTypeId: node.type,
                  rawHtml: childHtml,
                  text: nodeText(childHtml),
                  title: '',
                  active: true,
                },
                childKey,
              )
            ).nodeId,
        );
        if (childMade) created.nodes++;
      }
    }
  };

  for (const item of SEED_ITEMS) {
    const [itemId, made] = await ensure(
      () => idOf(models.items, item.key),
      async () =>
        (
          await store.items.create(
            {
              name: item.name,
              active: item.active ?? true,
              lore: item.lore,
              rarity: item.rarity,
              type: item.type,
              requiredPhysique: item.req[0],
              requiredCunning: item.req[1],
              requiredSpirit: item.req[2],
              requiredPlayerLevel: item.level,
              itemLevel: item.itemLevel,
              dropsFrom: item.dropsFrom,
            },
            item.key,
          )
        ).itemId,
    );
    if (made) created.items++;
    await seedNodes('item', itemId, item.key, item.nodes);
  }

  const seedMonster = async (m: SeedMonster, encounterId: number, parentMonsterId: number | null) => {
    const [monsterId, made] = await ensure(
      () => idOf(models.monsters, m.key),
      async () =>
        (
          await store.monsters.create(
            {
              name: m.name,
              race: m.race,
              type: m.type,
              lore: m.lore,
              active: m.active ?? true,
              encounterId,
              parentMonsterId,
            },
            m.key,
          )
        ).monsterId,
    );
    if (made) created.monsters++;
    await seedNodes('monster', monsterId, m.key, [
      ...m.attacks.map(([title, text]) => ({ type: 1 as const, title, html: text })),
      ...m.passives.map(([title, text]) => ({ type: 2 as const, title, html: text })),
    ]);
    for (const minion of m.minions ?? []) await seedMonster(minion, encounterId, monsterId);
  };

  for (const enc of SEED_ENCOUNTERS) {
    const [encounterId, made] = await ensure(
      () => idOf(models.encounters, enc.key),
      async () => (await store.encounters.create({ name: enc.name, active: enc.active ?? true }, enc.key)).encounterId,
    );
    if (made) created.encounters++;
    for (const m of enc.monsters) await seedMonster(m, encounterId, null);
  }

  for (const m of expandMutators()) {
    const res = await models.mutators.replaceOne({ _id: `${m.class}:${m.name}:${m.difficulty}` }, m, { upsert: true });
    created.mutators += res.upsertedCount ?? 0;
  }
  for (const [category, stats] of SEED_STAT_FILTERS) {
    for (const [statTag, description] of stats) {
      const res = await models.statFilters.replaceOne({ _id: statTag }, { description, category }, { upsert: true });
      created.statFilters += res.upsertedCount ?? 0;
    }
  }
  return created;
}
