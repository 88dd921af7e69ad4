// Items as the transfer stash stores them and as the launcher's REST calls carry them (LAUNCHER-API.md §3).
import type { LauncherItem as LauncherItemFields } from '@league/contracts';
import { FormatError } from './errors';

/** One item of a transfer stash tab, field for field as saved. */
export interface StashItem {
  baseName: string;
  prefixName: string;
  suffixName: string;
  modifierName: string;
  transmuteName: string;
  seed: number;
  relicName: string;
  relicBonus: string;
  relicSeed: number;
  augmentName: string;
  unknown: number;
  augmentSeed: number;
  relicCompletionLevel: number;
  stackCount: number;
  /** Cell position in the tab (saved as f32). */
  x: number;
  y: number;
}

/**
 * The launcher's item JSON (the contracts' LauncherItem: strings are "" when empty, never null), with the
 * id a transfer-queue item carries.
 */
export type LauncherItem = LauncherItemFields & {
  /** Set on transfer-queue items. */
  participantItemId?: number | string;
};

export function stashItemToLauncher(item: StashItem): LauncherItem {
  return {
    name: item.baseName,
    prefix: item.prefixName,
    suffix: item.suffixName,
    modifier: item.modifierName,
    illusion: item.transmuteName,
    component: item.relicName,
    completion: item.relicBonus,
    augment: item.augmentName,
    itemSeed: item.seed,
    componentSeed: item.relicSeed,
    augmentSeed: item.augmentSeed,
    stackCount: item.stackCount,
  };
}

const STRING_FIELDS = [
  'name',
  'prefix',
  'suffix',
  'modifier',
  'illusion',
  'component',
  'completion',
  'augment',
] as const;
const U32_FIELDS = ['itemSeed', 'componentSeed', 'augmentSeed', 'stackCount'] as const;

/** Check an item JSON from outside (a request body, the transfer queue) before it goes into a file. */
export function validateLauncherItem(value: unknown, where = 'item'): LauncherItem {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FormatError(`${where} is not an object`);
  const v = value as Record<string, unknown>;
  for (const f of STRING_FIELDS) {
    const s = v[f];
    if (typeof s !== 'string') throw new FormatError(`${where}.${f} must be a string`);
    if (s.length > 255 || !/^[\x20-\x7e]*$/.test(s)) throw new FormatError(`${where}.${f} is not a game record string`);
  }
  if ((v.name as string) === '') throw new FormatError(`${where}.name is empty`);
  for (const f of U32_FIELDS) {
    const n = v[f];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 0xffffffff)
      throw new FormatError(`${where}.${f} must be an unsigned 32-bit integer`);
  }
  const item: LauncherItem = {
    name: v.name as string,
    prefix: v.prefix as string,
    suffix: v.suffix as string,
    modifier: v.modifier as string,
    illusion: v.illusion as string,
    component: v.component as string,
    completion: v.completion as string,
    augment: v.augment as string,
    itemSeed: v.itemSeed as number,
    componentSeed: v.componentSeed as number,
    augmentSeed: v.augmentSeed as number,
    stackCount: v.stackCount as number,
  };
  if (v.participantItemId !== undefined) {
    const id = v.participantItemId;
    if (typeof id !== 'number' && typeof id !== 'string')
      throw new FormatError(`${where}.participantItemId is invalid`);
    item.participantItemId = id;
  }
  return item;
}

/**
 * A stash item from the launcher's JSON at a position. Fields the JSON does not carry (the unknown u32 and
 * the relic completion level) are written as 0; a stack count of 0 is stored as 1.
 */
export function launcherToStashItem(item: LauncherItem, x: number, y: number): StashItem {
  return {
    baseName: item.name,
    prefixName: item.prefix,
    suffixName: item.suffix,
    modifierName: item.modifier,
    transmuteName: item.illusion,
    seed: item.itemSeed,
    relicName: item.component,
    relicBonus: item.completion,
    relicSeed: item.componentSeed,
    augmentName: item.augment,
    unknown: 0,
    augmentSeed: item.augmentSeed,
    relicCompletionLevel: 0,
    stackCount: Math.max(1, item.stackCount),
    x,
    y,
  };
}
