import { BASE_CLASSES } from '@league/contracts/catalogue-constants';

/**
 * The 36 dual-class titles by their two base classes. The same list as DUAL_CLASS_TITLES in
 * @league/contracts (a test checks they agree); copied because that module brings zod into the bundle.
 */
const DUAL_CLASS_TITLES: ReadonlyArray<readonly [string, string, string]> = [
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

/** The 45 class names the server stores: 9 base classes, then the 36 titles. */
export const BUILD_CLASS_NAMES: readonly string[] = [...BASE_CLASSES, ...DUAL_CLASS_TITLES.map(([, , title]) => title)];

/** The select's 45 options: 'Soldier', …, then 'Soldier + Demolitionist: Commando', …. */
export const BUILD_CLASS_OPTIONS: readonly string[] = [
  ...BASE_CLASSES,
  ...DUAL_CLASS_TITLES.map(([a, b, title]) => `${a} + ${b}: ${title}`),
];

/** What a build saves: the part of the option after ': ' when present (spec §5). */
export function classToSave(option: string): string {
  const at = option.lastIndexOf(': ');
  return at === -1 ? option : option.slice(at + 2);
}

/** The select option of a stored class ('Commando' → 'Soldier + Demolitionist: Commando'). */
export function optionOfClass(buildClass: string): string {
  return BUILD_CLASS_OPTIONS.find((option) => classToSave(option) === buildClass) ?? buildClass;
}
