import {
  NEW_ENCOUNTER_NAME,
  NEW_MONSTER_NAME,
  type Encounter,
  sortAndPage,
  type Monster,
  type MonsterSort,
  type PageQuery,
  type Paged,
  type SaveEncounterBody,
  type SaveMonsterBody,
} from '@league/contracts';
import { AppError } from '@league/platform';
import { monsterNodeTree } from './node-tree';
import type { CatalogueDeps, MonsterFields, MonsterRecord } from './ports';
import { minionName, seesInactive, type Viewer } from './rules';

// ---------------------------------------------------------------- encounters

export const listEncounters = (deps: CatalogueDeps, viewer: Viewer, includeInactive?: boolean): Promise<Encounter[]> =>
  deps.encounters.list(seesInactive(viewer, includeInactive));

export async function saveEncounter(deps: CatalogueDeps, body: SaveEncounterBody): Promise<Encounter> {
  if (!body.encounterId) {
    return deps.encounters.create({ name: body.name ?? NEW_ENCOUNTER_NAME, active: body.active ?? true });
  }
  const changes = Object.fromEntries(
    Object.entries({ name: body.name, active: body.active }).filter(([, v]) => v !== undefined),
  );
  const updated = await deps.encounters.update(body.encounterId, changes);
  if (!updated) throw AppError.notFound(`Encounter ${body.encounterId} does not exist`);
  return updated;
}

/** Refused while monsters still belong to it: deleting would leave them in no encounter's list. */
export async function deleteEncounter(deps: CatalogueDeps, encounterId: number): Promise<void> {
  const encounter = await deps.encounters.get(encounterId);
  if (!encounter) throw AppError.notFound(`Encounter ${encounterId} does not exist`);
  const monsters = await deps.monsters.countInEncounter(encounterId);
  if (monsters > 0) {
    throw AppError.conflict(
      `Encounter '${encounter.name}' still has ${monsters} monster${monsters === 1 ? '' : 's'}; delete or move them first`,
    );
  }
  await deps.encounters.delete(encounterId);
}

// ---------------------------------------------------------------- monsters

/**
 * A monster is visible when it is active, its encounter is active and (for a minion) its parent is
 * visible: hiding an encounter or a boss hides everything under it.
 */
async function isVisible(deps: CatalogueDeps, monster: MonsterRecord, depth = 0): Promise<boolean> {
  if (!monster.active) return false;
  if (monster.encounterId !== null) {
    const encounter = await deps.encounters.get(monster.encounterId);
    if (!encounter?.active) return false;
  }
  if (monster.parentMonsterId !== null && depth < 10) {
    const parent = await deps.monsters.get(monster.parentMonsterId);
    if (!parent || !(await isVisible(deps, parent, depth + 1))) return false;
  }
  return true;
}

/** Monsters of an encounter (or all), minions excluded: they are reached through their parent's page. */
export async function listMonsters(
  deps: CatalogueDeps,
  viewer: Viewer,
  query: { includeInactive?: boolean; encounterId?: number },
): Promise<MonsterRecord[]> {
  const all = seesInactive(viewer, query.includeInactive);
  if (query.encounterId !== undefined) {
    const encounter = await deps.encounters.get(query.encounterId);
    if (!encounter || (!encounter.active && !all)) {
      throw AppError.notFound(`Encounter ${query.encounterId} does not exist`);
    }
    return deps.monsters.list({ includeInactive: all, encounterId: query.encounterId, topLevelOnly: true });
  }
  const monsters = await deps.monsters.list({ includeInactive: all, topLevelOnly: true });
  if (all) return monsters;
  const hidden = new Set((await deps.encounters.list(true)).filter((e) => !e.active).map((e) => e.encounterId));
  return monsters.filter((m) => m.encounterId === null || !hidden.has(m.encounterId));
}

/** The admin table's view of the monster list: sorted by a column and paged when asked (see listItemsPaged). */
export async function listMonstersPaged(
  deps: CatalogueDeps,
  viewer: Viewer,
  query: { includeInactive?: boolean; encounterId?: number } & PageQuery<MonsterSort>,
): Promise<MonsterRecord[] | Paged<MonsterRecord>> {
  const monsters = await listMonsters(deps, viewer, query);
  return sortAndPage(monsters, query, (m, sort) => m[sort], { sort: 'name', dir: 'asc' });
}

export async function getMonster(
  deps: CatalogueDeps,
  viewer: Viewer,
  monsterId: number,
  includeInactive?: boolean,
): Promise<Monster> {
  const all = seesInactive(viewer, includeInactive);
  const monster = await deps.monsters.get(monsterId);
  if (!monster || (!all && !(await isVisible(deps, monster)))) {
    throw AppError.notFound(`Monster ${monsterId} does not exist`);
  }
  const [childMonsters, nodes] = await Promise.all([
    deps.monsters.list({ includeInactive: all, parentMonsterId: monsterId }),
    deps.nodes.ofOwner('monster', monsterId),
  ]);
  return {
    ...monster,
    childMonsters,
    nodes: monsterNodeTree(all ? nodes : nodes.filter((n) => n.active)),
  };
}

async function requireEncounter(deps: CatalogueDeps, encounterId: number | null | undefined) {
  if (encounterId === null || encounterId === undefined) return;
  if (!(await deps.encounters.get(encounterId))) throw AppError.notFound(`Encounter ${encounterId} does not exist`);
}

async function descendants(deps: CatalogueDeps, monsterId: number): Promise<MonsterRecord[]> {
  const out: MonsterRecord[] = [];
  let frontier = [monsterId];
  while (frontier.length && out.length < 1000) {
    const next: number[] = [];
    for (const id of frontier) {
      const kids = await deps.monsters.list({ includeInactive: true, parentMonsterId: id });
      out.push(...kids);
      next.push(...kids.map((k) => k.monsterId));
    }
    frontier = next;
  }
  return out;
}

const ADMIN: Viewer = { isAdmin: true };

/**
 * Creates (monsterId 0 or absent) or updates a monster. A new monster with parentMonsterId is a minion:
 * named '{parent name} minion' unless named, in its parent's encounter. The parent of a monster never
 * changes (that would allow cycles), and a minion always shares its parent's encounter, so moving a
 * monster to another encounter moves its minions with it.
 */
export async function saveMonster(deps: CatalogueDeps, body: SaveMonsterBody): Promise<Monster> {
  const { monsterId, parentMonsterId, encounterId, ...rest } = body;
  if (!monsterId) {
    let fields: MonsterFields;
    if (parentMonsterId) {
      const parent = await deps.monsters.get(parentMonsterId);
      if (!parent) throw AppError.notFound(`Parent monster ${parentMonsterId} does not exist`);
      if (encounterId !== undefined && encounterId !== parent.encounterId) {
        throw AppError.badRequest("A minion belongs to its parent's encounter");
      }
      fields = {
        name: rest.name ?? minionName(parent.name),
        race: rest.race ?? '',
        type: rest.type ?? '',
        lore: rest.lore ?? '',
        active: rest.active ?? true,
        encounterId: parent.encounterId,
        parentMonsterId,
      };
    } else {
      await requireEncounter(deps, encounterId);
      fields = {
        name: rest.name ?? NEW_MONSTER_NAME,
        race: rest.race ?? '',
        type: rest.type ?? '',
        lore: rest.lore ?? '',
        active: rest.active ?? true,
        encounterId: encounterId ?? null,
        parentMonsterId: null,
      };
    }
    const created = await deps.monsters.create(fields);
    return { ...created, childMonsters: [], nodes: [] };
  }

  const existing = await deps.monsters.get(monsterId);
  if (!existing) throw AppError.notFound(`Monster ${monsterId} does not exist`);
  if (parentMonsterId !== undefined && parentMonsterId !== existing.parentMonsterId) {
    throw AppError.badRequest('A monster cannot move to another parent');
  }
  const changes: Partial<MonsterFields> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const moving = encounterId !== undefined && encounterId !== existing.encounterId;
  if (moving) {
    if (existing.parentMonsterId !== null) throw AppError.badRequest("A minion belongs to its parent's encounter");
    await requireEncounter(deps, encounterId);
    changes.encounterId = encounterId;
  }
  await deps.monsters.update(monsterId, changes);
  if (moving) {
    for (const minion of await descendants(deps, monsterId)) {
      await deps.monsters.update(minion.monsterId, { encounterId: encounterId ?? null });
    }
  }
  return getMonster(deps, ADMIN, monsterId, true);
}

/** Refused while it has minions (documented choice: no silent cascade over records an admin may not see). */
export async function deleteMonster(deps: CatalogueDeps, monsterId: number): Promise<void> {
  const monster = await deps.monsters.get(monsterId);
  if (!monster) throw AppError.notFound(`Monster ${monsterId} does not exist`);
  const minions = await deps.monsters.list({ includeInactive: true, parentMonsterId: monsterId });
  if (minions.length > 0) {
    throw AppError.conflict(
      `Monster '${monster.name}' has ${minions.length} minion${minions.length === 1 ? '' : 's'}; delete them first`,
    );
  }
  await deps.monsters.delete(monsterId);
  await deps.nodes.deleteOfOwner('monster', monsterId);
}
