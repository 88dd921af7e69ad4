import { BASE_CLASSES, DUAL_CLASS_TITLES } from '@league/contracts/catalogue-constants';

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
