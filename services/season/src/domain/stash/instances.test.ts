import { plainLauncherItem } from '@league/contracts';
import { instanceIdentity, isStackableKind } from './instances';

const R = 'records/items/';
const RING = `${R}gearaccessories/rings/d009_ring.dbr`;
const ring = (over = {}) =>
  plainLauncherItem(RING, {
    prefix: `${R}lootaffixes/prefix/ad002_rare_vitality.dbr`,
    suffix: `${R}lootaffixes/suffix/b_rare_frostburn.dbr`,
    itemSeed: 123_456_789,
    ...over,
  });

describe('the identity of an item instance', () => {
  it('when the same instance is seen again, then it has the same key; records compare case- and slash-insensitively', () => {
    const key = instanceIdentity(18, ring(), 'Ring');
    expect(key).toMatch(/^18:[0-9a-f]{32}$/);
    expect(instanceIdentity(18, ring({ name: RING.toUpperCase().replace(/\//g, '\\') }), 'Ring')).toBe(key);
    // The illusion only changes the look: the same instance.
    expect(instanceIdentity(18, ring({ illusion: `${R}transmutes/a.dbr` }), 'Ring')).toBe(key);
  });

  it('when any part of the identity differs, then it is another instance; so is the same item in another season', () => {
    const key = instanceIdentity(18, ring(), 'Ring');
    const others = [
      ring({ itemSeed: 123_456_790 }),
      ring({ prefix: '' }),
      ring({ suffix: '' }),
      ring({ modifier: `${R}lootaffixes/crafting/ad01.dbr` }),
      ring({ component: `${R}materia/compa_chippedclaw.dbr`, componentSeed: 5 }),
      ring({ component: `${R}materia/compa_chippedclaw.dbr`, componentSeed: 6 }),
      ring({ component: `${R}materia/compa_chippedclaw.dbr`, completion: `${R}lootaffixes/completion/x.dbr` }),
      ring({ augment: `${R}enchants/a01.dbr`, augmentSeed: 9 }),
      ring({ name: `${R}gearaccessories/rings/d010_ring.dbr` }),
    ];
    const keys = others.map((o) => instanceIdentity(18, o, 'Ring'));
    expect(new Set([key, ...keys]).size).toBe(others.length + 1);
    expect(instanceIdentity(16, ring(), 'Ring')).not.toBe(key);
  });

  it('when an item has seed 0, then it has no identity (every copy is alike)', () => {
    expect(instanceIdentity(18, ring({ itemSeed: 0 }), 'Ring')).toBeNull();
    expect(instanceIdentity(18, ring({ itemSeed: 0, componentSeed: 7, augmentSeed: 8 }), 'Ring')).toBeNull();
  });

  it('when an item stacks (a stack, a stackable type or folder, a currency), then it has no identity: its seeds repeat by design', () => {
    expect(instanceIdentity(18, ring({ stackCount: 2 }), 'Ring')).toBeNull();
    const single = (name: string, type: string | null) =>
      instanceIdentity(18, plainLauncherItem(name, { itemSeed: 42 }), type);
    expect(single(`${R}misc/potions/potion_healtha01.dbr`, 'Health Potion')).toBeNull();
    expect(single(`${R}materia/compa_chippedclaw.dbr`, 'Relic')).toBeNull(); // a component, by its folder
    expect(single(`${R}crafting/materials/craft_aethershard.dbr`, null)).toBeNull(); // a currency
    expect(single(`${R}leagues/currency/ironbar.dbr`, null)).toBeNull();
    expect(single(`${R}questitems/quest_dynamite.dbr`, 'Quest Item')).toBeNull();
    expect(single(`${R}faction/booster/boostera.dbr`, null)).toBeNull();
    expect(single('records/mod/items/elixir.dbr', 'Consumable')).toBeNull(); // by its type alone
    // Gear, relics and blueprints are instances; so is a record of unknown type outside those folders.
    expect(single(`${R}gearrelic/c01_relic.dbr`, 'Relic')).not.toBeNull();
    expect(single(`${R}crafting/blueprints/relic/craft_relic_b001.dbr`, 'Blueprint')).not.toBeNull();
    expect(single('records/mod/items/unknown_thing.dbr', null)).not.toBeNull();
  });

  it('when a kind is asked about, then folders decide before types, and currencies always stack', () => {
    expect(isStackableKind(`${R}materia/compb_x.dbr`, 'Relic')).toBe(true);
    expect(isStackableKind(`${R}gearrelic/c01_relic.dbr`, 'Relic')).toBe(false);
    expect(isStackableKind(`${R}questitems/scrapmetal.dbr`, null)).toBe(true);
    expect(isStackableKind(`${R}gearweapons/swords1h/a06_sword01.dbr`, 'Sword')).toBe(false);
  });
});
