import { CURRENCY_NAMES, plainLauncherItem, type LauncherItem } from '@league/contracts';
import type { Harness } from './support/season';
import { unique } from './support/season';

export const R = 'records/items/';
export const SWORD = `${R}gearweapons/swords1h/a06_sword01.dbr`;
export const RING_MI = `${R}gearaccessories/rings/d009_ring.dbr`;
export const AVENGER = `${R}gearweapons/guns2h/d005_gun2h.dbr`;
export const POTION = `${R}misc/potions/potion_healtha01.dbr`;
export const DYNAMITE = `${R}questitems/quest_dynamite.dbr`;
export const P_RARE = `${R}lootaffixes/prefix/ad002_rare_vitality.dbr`;
export const S_RARE = `${R}lootaffixes/suffix/b_rare_frostburn.dbr`;
export const S_PHYS = `${R}lootaffixes/suffix/a001_off_phys.dbr`;
export const SCRAP = `${R}questitems/scrapmetal.dbr`;
export const IRON = `${R}leagues/currency/ironbar.dbr`;

let seedCounter = 1;
/** A launcher item with a fresh seed (two calls never make the same item). */
export const item = (name: string, over: Partial<LauncherItem> = {}): LauncherItem =>
  plainLauncherItem(name, { itemSeed: seedCounter++, ...over });

export interface Player {
  username: string;
  token: string;
  id: number;
}

/** A fresh user joined to a ladder (18 = Season 7 SC Trade, 19 = HC SSF). */
export async function player(h: Harness, seasonId = 18, roles: string[] = [], prefix = 'Stasher'): Promise<Player> {
  const username = unique(prefix);
  const token = await h.token(username, roles);
  const joined = await h.call('POST', `/season/add-participant/${seasonId}`, { token });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { username, token, id: joined.body.seasonParticipantId };
}

export async function upload(h: Harness, p: Player, items: LauncherItem[]) {
  return h.call('POST', `/season/participant/${p.id}/stash?branch=prod`, { token: p.token, body: items });
}

/** Every live item of a participant, straight from the store. */
export async function itemsOf(h: Harness, participantId: number) {
  return h.svc.stash.models.StashItem.find({ seasonParticipantId: participantId, gone: false }, { outbox: 0 })
    .sort({ _id: 1 })
    .lean<Array<{ _id: number; stackCount: number; queued: boolean; item: LauncherItem; reservations: unknown[] }>>();
}

export async function balancesOf(h: Harness, participantId: number): Promise<Record<string, number>> {
  const w = await h.svc.stash.models.Stash.findById(participantId).lean<{ balances: Record<string, number> }>();
  return Object.fromEntries(CURRENCY_NAMES.map((c) => [c, w?.balances[c] ?? 0]));
}

/** The conserved quantities over some stashes: per record the summed stack counts, per currency the balance. */
export async function totals(h: Harness, participantIds: number[]) {
  const out: Record<string, number> = {};
  for (const id of participantIds) {
    for (const i of await itemsOf(h, id)) out[i.item.name] = (out[i.item.name] ?? 0) + i.stackCount;
    for (const [c, n] of Object.entries(await balancesOf(h, id))) if (n) out[c] = (out[c] ?? 0) + n;
  }
  return out;
}
