// Item footprints in stash cells. The real size of an item comes from its bitmap in the game database,
// which these files do not carry; this table guesses by the record path. The guesses are the largest
// footprints the positions in the real stash fixture allow (no two saved items overlap with them), and
// anything not recognised is 1×1 (FORMATS.md). Callers that know the real size pass their own `sizeOf`.

export interface ItemSize {
  width: number;
  height: number;
}

const RULES: Array<[RegExp, ItemSize]> = [
  [/\/gearaccessories\/waist\//, { width: 2, height: 1 }],
  [/\/gear(head|hands|feet|shoulders|torso|legs)\//, { width: 2, height: 2 }],
  [/\/gearweapons\/shields\//, { width: 2, height: 2 }],
  [/\/gearweapons\/(melee2h|ranged2h|guns2h)\//, { width: 1, height: 3 }],
  [/\/gearweapons\/(swords1h|blunt1h|caster)\//, { width: 1, height: 3 }],
  [/\/gearweapons\/(axe1h|guns1h|focus)\//, { width: 1, height: 2 }],
];

export function defaultItemSize(baseName: string): ItemSize {
  const path = baseName.toLowerCase();
  for (const [re, size] of RULES) if (re.test(path)) return size;
  return { width: 1, height: 1 };
}
