/**
 * Fixed lists of the catalogue and the stash (spec §3). The catalogue and the admin screens use the 24
 * item type names; the stash and the public item display use the numeric item type ids 0–37, whose order
 * is the game's (Spear was added last, so it is 37 and not next to the other weapons).
 */

export const CATALOGUE_ITEM_TYPES = [
  'Sword',
  'Two-Handed Sword',
  'Axe',
  'Two-Handed Axe',
  'Spear',
  'Mace',
  'Two-Handed Mace',
  'Dagger',
  'Scepter',
  'Offhand',
  'Shield',
  'One-Handed Ranged',
  'Two-Handed Ranged',
  'Helm',
  'Shoulder',
  'Chest Armor',
  'Gloves',
  'Belt',
  'Pants',
  'Boots',
  'Ring',
  'Amulet',
  'Medal',
  'Blueprint',
] as const;
export type CatalogueItemType = (typeof CATALOGUE_ITEM_TYPES)[number];

/** Index = the stash's item type id. */
export const STASH_ITEM_TYPES = [
  'Sword',
  'Two-Handed Sword',
  'Axe',
  'Two-Handed Axe',
  'Mace',
  'Two-Handed Mace',
  'Dagger',
  'Scepter',
  'Offhand',
  'Shield',
  'One-Handed Ranged',
  'Two-Handed Ranged',
  'Helm',
  'Shoulder',
  'Chest Armor',
  'Gloves',
  'Belt',
  'Pants',
  'Boots',
  'Ring',
  'Amulet',
  'Medal',
  'Scroll',
  'Energy Potion',
  'Health Potion',
  'Quest Item',
  'Consumable',
  'Blueprint',
  'Augment',
  'Reputation Booster',
  'Warrant',
  'Artifact',
  'Relic',
  'Difficulty Unlock',
  'Tonic of Reshaping',
  'Tonic of Clarity',
  'LootRandomizer',
  'Spear',
] as const;
export type StashItemTypeName = (typeof STASH_ITEM_TYPES)[number];

export const STASH_ITEM_TYPE_IDS: ReadonlyArray<{ itemTypeId: number; name: StashItemTypeName }> = STASH_ITEM_TYPES.map(
  (name, itemTypeId) => ({ itemTypeId, name }),
);

/** The stash item type id of a catalogue item type (every catalogue type exists in the stash list). */
export function stashItemTypeId(type: CatalogueItemType): number {
  return STASH_ITEM_TYPES.indexOf(type);
}

/** Rarities as the item display names them; a catalogue item has one of these. */
export const ITEM_RARITIES = ['Magical', 'Rare', 'Epic', 'Legendary'] as const;
export type ItemRarity = (typeof ITEM_RARITIES)[number];

/** The stash's rarity filter list (it separates monster infrequents and double-rare items). */
export const STASH_RARITY_FILTERS = [
  'Common',
  'Magical',
  'Monster Infrequent',
  'Double Rare Affix',
  'Double Rare MI',
  'Epic',
  'Legendary',
] as const;
export type StashRarityFilter = (typeof STASH_RARITY_FILTERS)[number];

/** Item styles; the display shows tier 2 as Empowered and tier 3 as Mythical. */
export const ITEM_STYLES = {
  tagStyleUniqueTier2: 'Empowered',
  tagStyleUniqueTier3: 'Mythical',
} as const;
export type ItemStyle = keyof typeof ITEM_STYLES;

export const ITEM_NODE_TYPES = {
  1: 'Base Stats',
  2: 'Item Modifiers',
  3: 'Skill Modifiers',
  4: 'Granted Skill',
  5: 'Set Bonuses',
} as const;
export const MONSTER_NODE_TYPES = { 1: 'Attack', 2: 'Passive' } as const;

/** statTypeId of display lines that belong to the 'Bonus to All Pets' and 'Granted Skills' sections. */
export const STAT_TYPE_PET = 462;
export const STAT_TYPE_GRANTED_SKILL = 463;

/** The nine class columns of the Boundless Dungeon mutators page. */
export const BASE_CLASSES = [
  'Soldier',
  'Demolitionist',
  'Occultist',
  'Nightblade',
  'Arcanist',
  'Shaman',
  'Inquisitor',
  'Necromancer',
  'Oathkeeper',
] as const;
export type BaseClass = (typeof BASE_CLASSES)[number];

export const DIFFICULTIES = ['Normal', 'Elite', 'Ultimate'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const STAT_FILTER_CATEGORIES = [
  'Direct Damage',
  'Damage Over Time',
  'Misc Offensive',
  'Defensive',
  'Misc Defensive',
  'Pet Stats',
  'Retaliation',
  'Misc Character',
  'Trading',
  'Set Item',
] as const;
export type StatFilterCategory = (typeof STAT_FILTER_CATEGORIES)[number];

export const NEW_ITEM_DEFAULTS = { name: 'New Item', active: true, requiredPlayerLevel: 94 } as const;
export const NEW_MONSTER_NAME = 'New Monster';
export const NEW_ENCOUNTER_NAME = 'New Encounter';

/** The 36 dual-class titles, keyed by the two base classes that make them. */
export const DUAL_CLASS_TITLES: ReadonlyArray<readonly [string, string, string]> = [
  ['Soldier', 'Demolitionist', 'Commando'],
  ['Soldier', 'Occultist', 'Witchblade'],
  ['Soldier', 'Nightblade', 'Blademaster'],
  ['Soldier', 'Arcanist', 'Battlemage'],
  ['Soldier', 'Shaman', 'Warder'],
  ['Soldier', 'Inquisitor', 'Tactician'],
  ['Soldier', 'Necromancer', 'Death Knight'],
  ['Soldier', 'Oathkeeper', 'Warlord'],
  ['Demolitionist', 'Occultist', 'Pyromancer'],
  ['Demolitionist', 'Nightblade', 'Saboteur'],
  ['Demolitionist', 'Arcanist', 'Sorcerer'],
  ['Demolitionist', 'Shaman', 'Elementalist'],
  ['Demolitionist', 'Inquisitor', 'Purifier'],
  ['Demolitionist', 'Necromancer', 'Defiler'],
  ['Demolitionist', 'Oathkeeper', 'Shieldbreaker'],
  ['Occultist', 'Nightblade', 'Witch Hunter'],
  ['Occultist', 'Arcanist', 'Warlock'],
  ['Occultist', 'Shaman', 'Conjurer'],
  ['Occultist', 'Inquisitor', 'Deceiver'],
  ['Occultist', 'Necromancer', 'Cabalist'],
  ['Occultist', 'Oathkeeper', 'Sentinel'],
  ['Nightblade', 'Arcanist', 'Spellbreaker'],
  ['Nightblade', 'Shaman', 'Trickster'],
  ['Nightblade', 'Inquisitor', 'Infiltrator'],
  ['Nightblade', 'Necromancer', 'Reaper'],
  ['Nightblade', 'Oathkeeper', 'Dervish'],
  ['Arcanist', 'Shaman', 'Druid'],
  ['Arcanist', 'Inquisitor', 'Mage Hunter'],
  ['Arcanist', 'Necromancer', 'Spellbinder'],
  ['Arcanist', 'Oathkeeper', 'Templar'],
  ['Shaman', 'Inquisitor', 'Vindicator'],
  ['Shaman', 'Necromancer', 'Ritualist'],
  ['Shaman', 'Oathkeeper', 'Archon'],
  ['Inquisitor', 'Necromancer', 'Apostate'],
  ['Inquisitor', 'Oathkeeper', 'Paladin'],
  ['Necromancer', 'Oathkeeper', 'Oppressor'],
];

/** The 45 names a character build's class may take: 9 base classes and 36 dual-class titles. */
export const BUILD_CLASSES: readonly string[] = [...BASE_CLASSES, ...DUAL_CLASS_TITLES.map(([, , title]) => title)];
