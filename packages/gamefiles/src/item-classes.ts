// Which game database Classes are items, and the spec's item type (the stash's 0–37 list in contracts) of each.
import { STASH_ITEM_TYPES, type StashItemTypeName } from '@league/contracts';

/**
 * Class → item type. Weapons, armour and jewellery as the game names them; the rest as the public tools
 * (GD Stash, Item Assistant) group them. WeaponMelee_Spear2h is the Class of the spears the fixture's mod
 * ships (records named …_axe2h.dbr): the Class decides, not the file name, and the list has one Spear type.
 */
const CLASS_TYPES: Readonly<Record<string, StashItemTypeName>> = {
  WeaponMelee_Sword: 'Sword',
  WeaponMelee_Sword2h: 'Two-Handed Sword',
  WeaponMelee_Axe: 'Axe',
  WeaponMelee_Axe2h: 'Two-Handed Axe',
  WeaponMelee_Mace: 'Mace',
  WeaponMelee_Mace2h: 'Two-Handed Mace',
  WeaponMelee_Dagger: 'Dagger',
  WeaponMelee_Scepter: 'Scepter',
  WeaponArmor_Offhand: 'Offhand',
  WeaponArmor_Shield: 'Shield',
  WeaponHunting_Ranged1h: 'One-Handed Ranged',
  WeaponHunting_Ranged2h: 'Two-Handed Ranged',
  WeaponHunting_Spear: 'Spear',
  WeaponMelee_Spear: 'Spear',
  WeaponMelee_Spear2h: 'Spear',
  ArmorProtective_Head: 'Helm',
  ArmorProtective_Shoulders: 'Shoulder',
  ArmorProtective_Chest: 'Chest Armor',
  ArmorProtective_Hands: 'Gloves',
  ArmorProtective_Waist: 'Belt',
  ArmorProtective_Legs: 'Pants',
  ArmorProtective_Feet: 'Boots',
  ArmorJewelry_Ring: 'Ring',
  ArmorJewelry_Amulet: 'Amulet',
  ArmorJewelry_Medal: 'Medal',
  OneShot_Scroll: 'Scroll',
  OneShot_PotionMana: 'Energy Potion',
  OneShot_PotionHealth: 'Health Potion',
  QuestItem: 'Quest Item',
  ItemNote: 'Quest Item',
  OneShot_Potion: 'Consumable',
  OneShot_Food: 'Consumable',
  OneShot_Sack: 'Consumable',
  OneShot_EndlessDungeon: 'Consumable',
  ItemUsableSkill: 'Consumable',
  ItemArtifactFormula: 'Blueprint',
  ItemTransmuter: 'Blueprint',
  ItemTransmuterSet: 'Blueprint',
  ItemEnchantment: 'Augment',
  ItemFactionBooster: 'Reputation Booster',
  ItemFactionWarrant: 'Warrant',
  ItemArtifact: 'Artifact',
  ItemRelic: 'Relic',
  ItemDifficultyUnlock: 'Difficulty Unlock',
  ItemAttributeReset: 'Tonic of Reshaping',
  ItemDevotionReset: 'Tonic of Clarity',
  LootRandomizer: 'LootRandomizer',
};

const BY_LOWER = new Map(Object.entries(CLASS_TYPES).map(([cls, type]) => [cls.toLowerCase(), type]));

/** Classes that start like an item's but are not something a character holds. */
const NOT_ITEMS = new Set(['lootrandomizer', 'itemset', 'lootrandomizertable']);

/** The spec's item type name of a Class, or null when the Class is not one we know. */
export function itemTypeOfClass(cls: string): StashItemTypeName | null {
  return BY_LOWER.get(cls.toLowerCase()) ?? null;
}

/** A Class of each type, for the writers: the first listed for it (Spear → WeaponHunting_Spear). */
const TYPE_CLASSES = new Map<StashItemTypeName, string>();
for (const [cls, type] of Object.entries(CLASS_TYPES)) if (!TYPE_CLASSES.has(type)) TYPE_CLASSES.set(type, cls);

/** The Class a written record of this item type gets (the inverse of itemTypeOfClass); null for an unknown type. */
export function classOfItemType(type: string): string | null {
  return TYPE_CLASSES.get(type as StashItemTypeName) ?? null;
}

/** The spec's item type id (0–37) of a type name. */
export function itemTypeId(type: StashItemTypeName): number {
  return STASH_ITEM_TYPES.indexOf(type);
}

/**
 * Whether records of this Class are items a character can hold: a Class with a known type (affixes
 * excepted: they are read as affixes), or one named like the item classes (Weapon…, Armor…, Item…,
 * OneShot_…, QuestItem), so a new kind of item is kept with a null type instead of being dropped.
 */
export function isItemClass(cls: string): boolean {
  const lower = cls.toLowerCase();
  if (NOT_ITEMS.has(lower)) return false;
  return BY_LOWER.has(lower) || /^(weapon|armor|item|oneshot_|questitem)/.test(lower);
}
