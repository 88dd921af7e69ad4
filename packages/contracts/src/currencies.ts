/**
 * The trade season's 27 currencies. A stash upload's stack of one of these records is not kept as an item:
 * it adds `stackCount` to the participant's balance of that currency (`season.currencies-changed.v1`).
 * The first sixteen are the game's own records (crafting materials the players already farm); Iron Bar and
 * the eleven Essences are the league mod's own records under `records/items/leagues/currency/`.
 */
export const CURRENCIES = [
  { currency: 'Iron Bar', records: ['records/items/leagues/currency/ironbar.dbr'] },
  { currency: 'Scrap', records: ['records/items/questitems/scrapmetal.dbr'] },
  { currency: 'Royal Jelly', records: ['records/items/crafting/materials/craft_royaljelly.dbr'] },
  { currency: 'Aether Crystal', records: ['records/items/materia/compa_aethercrystal.dbr'] },
  { currency: 'Aether Shard', records: ['records/items/crafting/materials/craft_aethershard.dbr'] },
  { currency: 'Ancient Heart', records: ['records/items/crafting/materials/craft_ancientheart.dbr'] },
  { currency: 'Tainted Brain Matter', records: ['records/items/crafting/materials/craft_taintedbrain.dbr'] },
  { currency: 'Manticore Eye', records: ['records/items/crafting/materials/craft_manticore.dbr'] },
  { currency: 'Bloodied Crystal', records: ['records/items/crafting/materials/craft_bloodchthon.dbr'] },
  { currency: 'Celestial Lotus', records: ['records/items/crafting/materials/craft_celestiallotus.dbr'] },
  { currency: 'Eldritch Essence', records: ['records/items/crafting/materials/craft_eldritchessence.dbr'] },
  { currency: 'Wendigo Spirit', records: ['records/items/crafting/materials/craft_wendigospirit.dbr'] },
  { currency: 'Ugdenbloom', records: ['records/items/crafting/materials/craft_ugdenbloom.dbr'] },
  { currency: 'Chthonic Seal', records: ['records/items/crafting/materials/craft_cultistseal.dbr'] },
  { currency: 'Skeleton Key', records: ['records/items/crafting/materials/craft_skeletonkey.dbr'] },
  { currency: 'Aetherial Missive', records: ['records/items/crafting/materials/craft_aetherialmissive.dbr'] },
  { currency: 'Essence of Fire', records: ['records/items/leagues/currency/essence_fire.dbr'] },
  { currency: 'Essence of Cold', records: ['records/items/leagues/currency/essence_cold.dbr'] },
  { currency: 'Essence of Lightning', records: ['records/items/leagues/currency/essence_lightning.dbr'] },
  { currency: 'Essence of Acid', records: ['records/items/leagues/currency/essence_acid.dbr'] },
  { currency: 'Essence of Vitality', records: ['records/items/leagues/currency/essence_vitality.dbr'] },
  { currency: 'Essence of Aether', records: ['records/items/leagues/currency/essence_aether.dbr'] },
  { currency: 'Essence of Chaos', records: ['records/items/leagues/currency/essence_chaos.dbr'] },
  { currency: 'Essence of Piercing', records: ['records/items/leagues/currency/essence_piercing.dbr'] },
  { currency: 'Essence of Bleeding', records: ['records/items/leagues/currency/essence_bleeding.dbr'] },
  { currency: 'Essence of Physique', records: ['records/items/leagues/currency/essence_physique.dbr'] },
  { currency: 'Essence of Order', records: ['records/items/leagues/currency/essence_order.dbr'] },
] as const;

export type CurrencyName = (typeof CURRENCIES)[number]['currency'];
export const CURRENCY_NAMES = CURRENCIES.map((c) => c.currency) as unknown as readonly [
  CurrencyName,
  ...CurrencyName[],
];

const byRecord = new Map<string, CurrencyName>(
  CURRENCIES.flatMap((c) => c.records.map((r) => [r.toLowerCase(), c.currency] as const)),
);

/** The currency a game record counts as (case-insensitive, '\\' or '/'), or undefined for an ordinary item. */
export function currencyOfRecord(record: string): CurrencyName | undefined {
  return byRecord.get(record.replace(/\\/g, '/').toLowerCase());
}

/** The record a currency is exported and displayed as (its first record). */
export function recordOfCurrency(currency: CurrencyName): string {
  return CURRENCIES.find((c) => c.currency === currency)!.records[0];
}

/** Free cloud stash slots; supporters (role supporter_s7) have no limit (capacity 0 = Unlimited). */
export const FREE_STASH_CAPACITY = 250;
export const SUPPORTER_ROLE = 'supporter_s7';
