import type { BaseClass, CatalogueItemType, ItemRarity, StatFilterCategory } from '@league/contracts';

/**
 * The demo catalogue, written by hand in the game's style. Node text uses the display markup: {…} is a
 * highlighted value and […] a secondary highlight; a line break in a string becomes <br> when seeded.
 * Every record has a stable key, so the seed adds only what is missing when it runs again.
 */

export interface SeedNode {
  /** 1 base stats, 2 item modifiers, 3 skill modifiers, 4 granted skill, 5 set bonuses. */
  type: 1 | 2 | 3 | 4 | 5;
  html: string;
  /** Lines nested under this node (e.g. a granted skill's own stats). */
  children?: string[];
}

export interface SeedItem {
  key: string;
  name: string;
  type: CatalogueItemType;
  rarity: ItemRarity;
  level: number;
  itemLevel: number;
  /** Physique, cunning, spirit. */
  req: [number, number, number];
  lore: string;
  dropsFrom: string;
  active?: boolean;
  nodes: SeedNode[];
}

const base = (html: string): SeedNode => ({ type: 1, html });
const mods = (html: string): SeedNode => ({ type: 2, html });
const skills = (html: string): SeedNode => ({ type: 3, html });
const granted = (html: string, children: string[]): SeedNode => ({ type: 4, html, children });
const setBonus = (html: string): SeedNode => ({ type: 5, html });

export const SEED_ITEMS: SeedItem[] = [
  // ---------------------------------------------------------------- one-handed swords
  {
    key: 'sword-dawnbreaker',
    name: 'Mythical Dawnbreaker',
    type: 'Sword',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: 'Forged in the last light before the Grim Dawn, it still remembers the sun.',
    dropsFrom: "Nemesis: Kymon's Chosen, Ultimate",
    nodes: [
      base('{186-248} Physical Damage\n{1.61} Attacks per Second'),
      mods(
        '{+18%} Fire Damage\n{+80%} Burn Damage\n{+6%} Attack Speed\n{+12%} Fire Resistance\n{+40} Offensive Ability',
      ),
      skills('{+3} to [Righteous Fervor]\n{+2} to [Vigilance]'),
      granted('Granted Skill: {Sunflare}', [
        '{12%} Chance on Attack',
        '{218} Fire Damage',
        '{62} Burn Damage over {3} Seconds',
      ]),
    ],
  },
  {
    key: 'sword-riftreaver',
    name: "Riftreaver's Edge",
    type: 'Sword',
    rarity: 'Epic',
    level: 84,
    itemLevel: 84,
    req: [0, 612, 0],
    lore: 'Whatever it cuts, the Void cuts back.',
    dropsFrom: 'Any Aetherial enemy',
    nodes: [
      base('{141-198} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+42%} Aether Damage\n{+24%} Lightning Damage\n{+4%} Offensive Ability\n{+15%} Aether Resistance'),
      skills('{+2} to [Storm Spirit]'),
    ],
  },
  {
    key: 'sword-chillblade',
    name: 'Chillblade of the Frostbound',
    type: 'Sword',
    rarity: 'Rare',
    level: 72,
    itemLevel: 73,
    req: [0, 488, 0],
    lore: 'Monster infrequent carried by the Frostbound ravagers of the northern passes.',
    dropsFrom: 'Frostbound Ravager',
    nodes: [
      base('{98-142} Physical Damage\n{1.61} Attacks per Second'),
      mods(
        '{+36%} Cold Damage\n{+28%} Frostburn Damage\n{+18%} Cold Resistance\n[{10%}] Slower target Movement for {2} Seconds',
      ),
    ],
  },

  // ---------------------------------------------------------------- two-handed swords
  {
    key: 'greatsword-oathbinder',
    name: 'Oathbinder Greatblade',
    type: 'Two-Handed Sword',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [820, 0, 0],
    lore: 'The oath is written on the blade, and the blade is written in blood.',
    dropsFrom: "Bourbon, Ultimate; Lokarr's Armory",
    nodes: [
      base('{412-580} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+110%} Physical Damage\n{+70%} Internal Trauma Damage\n{+8%} Crit Damage\n{+35} Defensive Ability'),
      skills('{+2} to [Blitz]\n{+3} to [Military Conditioning]'),
      granted('Granted Skill: {Judgement of the Oath}', [
        '{2.5} Second Skill Recharge',
        '{585} Physical Damage',
        '{4.2} Meter Radius',
      ]),
    ],
  },
  {
    key: 'greatsword-ashen-cleaver',
    name: 'Ashen Cleaver',
    type: 'Two-Handed Sword',
    rarity: 'Magical',
    level: 58,
    itemLevel: 58,
    req: [402, 0, 0],
    lore: 'Plain steel with an ember worked into the hilt.',
    dropsFrom: 'Any enemy, chests',
    nodes: [
      base('{201-290} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+22} Fire Damage\n{+14%} Burn Damage'),
    ],
  },

  // ---------------------------------------------------------------- axes
  {
    key: 'axe-bloodrend',
    name: 'Bloodrend Hatchet',
    type: 'Axe',
    rarity: 'Epic',
    level: 80,
    itemLevel: 80,
    req: [0, 590, 0],
    lore: 'Every notch on the haft is a chthonic acolyte who did not finish the chant.',
    dropsFrom: 'Chthonic cultists',
    nodes: [
      base('{130-176} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+64%} Bleeding Damage\n{+40%} Physical Damage\n{+3%} Attack Speed\n{+20%} Bleeding Resistance'),
      skills('{+2} to [Savagery]\n{+1} to [Blood Pact]'),
    ],
  },
  {
    key: 'axe-mythical-stormreaver',
    name: 'Mythical Stormreaver Axe',
    type: 'Axe',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: 'The thunder follows the hand that throws it.',
    dropsFrom: 'Boundless Dungeon reward chest',
    nodes: [
      base('{184-251} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+110%} Lightning Damage\n{+90%} Electrocute Damage\n{+10%} Lightning Resistance\n{+25} Offensive Ability'),
      skills("{+3} to [Wind Devil]\n{+2} to [Stormcaller's Pact]"),
      granted('Granted Skill: {Stormreaver}', [
        '{15%} Chance on Attack',
        '{120-240} Lightning Damage',
        '{5} Targets maximum',
      ]),
    ],
  },
  {
    key: 'axe-woodsman',
    name: "Woodsman's Axe of Ruin",
    type: 'Axe',
    rarity: 'Magical',
    level: 45,
    itemLevel: 46,
    req: [0, 296, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [
      base('{64-90} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+18%} Physical Damage\n{+8} Offensive Ability'),
    ],
  },

  // ---------------------------------------------------------------- two-handed axes
  {
    key: 'greataxe-ravager-tusk',
    name: "Ravager's Tusk",
    type: 'Two-Handed Axe',
    rarity: 'Rare',
    level: 70,
    itemLevel: 70,
    req: [540, 0, 0],
    lore: 'Torn from the jaw of the Ravager of Flesh. It is still warm.',
    dropsFrom: 'Ravager of Flesh',
    nodes: [
      base('{300-441} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+48%} Physical Damage\n{+30%} Internal Trauma Damage\n[{+80}] Health Regenerated per Second'),
    ],
  },
  {
    key: 'greataxe-warborn',
    name: 'Empowered Warborn Greataxe',
    type: 'Two-Handed Axe',
    rarity: 'Legendary',
    level: 90,
    itemLevel: 90,
    req: [780, 0, 0],
    lore: "Khonsar's sons carried axes like this one when they broke the siege of Homestead.",
    dropsFrom: 'Khonsar the Fiery-Hearted, Elite and Ultimate',
    nodes: [
      base('{396-560} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+96%} Fire Damage\n{+96%} Physical Damage\n{+6%} Attack Speed\n{+24%} Fire Resistance'),
      skills('{+3} to [Cadence]\n{+2} to [Blade Arc]'),
    ],
  },

  // ---------------------------------------------------------------- spears
  {
    key: 'spear-valdun',
    name: "Valdun's Piercing Spear",
    type: 'Spear',
    rarity: 'Epic',
    level: 86,
    itemLevel: 86,
    req: [0, 640, 0],
    lore: 'The hunters of Valdun lean on a spear the way other men lean on a friend.',
    dropsFrom: 'Any Korvan beast',
    nodes: [
      base('{150-204} Physical Damage\n{1.47} Attacks per Second'),
      mods('{+72%} Pierce Damage\n{+8%} Crit Damage\n{+14%} Pierce Resistance'),
      skills('{+2} to [Primal Strike]'),
    ],
  },
  {
    key: 'spear-mythical-tidecaller',
    name: 'Mythical Tidecaller Spear',
    type: 'Spear',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: 'Hurled from the cliffs of Crossing, it returns with the tide.',
    dropsFrom: 'Boundless Dungeon, Ultimate',
    nodes: [
      base('{182-250} Physical Damage\n{1.47} Attacks per Second'),
      mods('{+120%} Cold Damage\n{+120%} Frostburn Damage\n{+30%} Cold Resistance'),
      skills("{+3} to [Trozan's Sky Shard]\n{+2} to [Callidor's Tempest]"),
      granted('Granted Skill: {Undertow}', [
        '{1.8} Second Skill Recharge',
        '{310} Cold Damage',
        '{-25%} Enemy Movement Speed',
      ]),
    ],
  },
  {
    key: 'spear-scrap-pike',
    name: 'Scrap-Iron Pike',
    type: 'Spear',
    rarity: 'Magical',
    level: 30,
    itemLevel: 30,
    req: [0, 190, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{40-58} Physical Damage\n{1.47} Attacks per Second'), mods('{+12%} Pierce Damage')],
  },

  // ---------------------------------------------------------------- maces
  {
    key: 'mace-crushing-verdict',
    name: 'Crushing Verdict',
    type: 'Mace',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [742, 0, 0],
    lore: "The Order of Death's Vigil pronounced sentence with this mace. There was never an appeal.",
    dropsFrom: 'The Fallen Order, Ultimate',
    nodes: [
      base('{210-284} Physical Damage\n{1.47} Attacks per Second'),
      mods('{+100%} Vitality Damage\n{+100%} Vitality Decay Damage\n{+8%} Health\n{+20%} Vitality Resistance'),
      skills('{+3} to [Siphon Souls]\n{+2} to [Reap Spirit]'),
    ],
  },
  {
    key: 'mace-rustwork',
    name: 'Rustwork Cudgel',
    type: 'Mace',
    rarity: 'Rare',
    level: 65,
    itemLevel: 66,
    req: [470, 0, 0],
    lore: 'Monster infrequent of the rusted automatons under Blood Grove.',
    dropsFrom: 'Rusted Automaton',
    nodes: [
      base('{118-164} Physical Damage\n{1.47} Attacks per Second'),
      mods('{+38%} Acid Damage\n{+38%} Poison Damage\n{+20%} Poison & Acid Resistance'),
    ],
  },

  // ---------------------------------------------------------------- two-handed maces
  {
    key: 'greatmace-earthshaker',
    name: 'Earthshaker Maul',
    type: 'Two-Handed Mace',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [820, 0, 0],
    lore: 'When it lands, the ground remembers.',
    dropsFrom: "Grava'thul, Ultimate",
    nodes: [
      base('{430-610} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+110%} Fire Damage\n{+110%} Physical Damage\n{+25%} Stun Duration\n{+500} Armor'),
      skills('{+3} to [Grenado]\n{+2} to [Temper]'),
      granted('Granted Skill: {Tremor}', ['{18%} Chance on Attack', '{640} Physical Damage', '{1.5} Second Stun']),
    ],
  },
  {
    key: 'greatmace-bonegrinder',
    name: 'Bonegrinder',
    type: 'Two-Handed Mace',
    rarity: 'Epic',
    level: 78,
    itemLevel: 78,
    req: [612, 0, 0],
    lore: "The Cronley gang's ogre used it to settle debts.",
    dropsFrom: 'Outlaw brutes',
    nodes: [
      base('{320-448} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+64%} Internal Trauma Damage\n{+40%} Physical Damage\n{+12%} Stun Resistance'),
    ],
  },

  // ---------------------------------------------------------------- daggers
  {
    key: 'dagger-nightshade',
    name: 'Nightshade Stiletto',
    type: 'Dagger',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: "A single scratch, and the herbalist's bill is no longer your concern.",
    dropsFrom: 'Nemesis: Moosilauke, Ultimate',
    nodes: [
      base('{160-216} Physical Damage\n{1.75} Attacks per Second'),
      mods('{+120%} Acid Damage\n{+120%} Poison Damage\n{+12%} Crit Damage\n{+5%} Offensive Ability'),
      skills("{+3} to [Lethal Assault]\n{+2} to [Nidalla's Hidden Hand]"),
    ],
  },
  {
    key: 'dagger-sigil-cutter',
    name: 'Sigil Cutter',
    type: 'Dagger',
    rarity: 'Epic',
    level: 75,
    itemLevel: 75,
    req: [0, 520, 0],
    lore: 'Used by the cultists to carve circles into living flesh.',
    dropsFrom: 'Any Chthonic caster',
    nodes: [
      base('{112-152} Physical Damage\n{1.75} Attacks per Second'),
      mods('{+52%} Chaos Damage\n{+40%} Vitality Damage\n{+4%} Energy Regeneration'),
    ],
  },
  {
    key: 'dagger-tarnished',
    name: 'Tarnished Kris of Venom',
    type: 'Dagger',
    rarity: 'Magical',
    level: 25,
    itemLevel: 26,
    req: [0, 160, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{28-40} Physical Damage\n{1.75} Attacks per Second'), mods('{+10} Poison Damage over {3} Seconds')],
  },

  // ---------------------------------------------------------------- scepters
  {
    key: 'scepter-aether-ray',
    name: 'Mythical Aetherlord Scepter',
    type: 'Scepter',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 742],
    lore: 'The Aetherials crowned one of their own with this, and called him lord of a dead world.',
    dropsFrom: "Ch'thon's Emissary, Ultimate",
    nodes: [
      base('{150-204} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+130%} Aether Damage\n{+22%} Aether Resistance\n{+5%} Cast Speed\n{+80} Energy'),
      skills('{+3} to [Aether Ray]\n{+2} to [Arcane Will]\n[Aether Ray] {+25%} Damage'),
      granted('Granted Skill: {Aetherfire Crown}', [
        '{6} Second Skill Recharge',
        '{+40%} Aether Damage',
        '{12} Second Duration',
      ]),
    ],
  },
  {
    key: 'scepter-primal-rune',
    name: 'Primal Runestone Scepter',
    type: 'Scepter',
    rarity: 'Epic',
    level: 82,
    itemLevel: 82,
    req: [0, 0, 600],
    lore: 'Carved by the shamans of Korvan from a meteorite that fell before the first dynasty.',
    dropsFrom: 'Korvan shaman',
    nodes: [
      base('{126-170} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+60%} Lightning Damage\n{+60%} Bleeding Damage\n{+3} Energy Regenerated per Second'),
      skills('{+2} to [Primal Bond]'),
    ],
  },

  // ---------------------------------------------------------------- off-hands
  {
    key: 'offhand-tome-of-binding',
    name: 'Tome of the Binding Circle',
    type: 'Offhand',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 742],
    lore: 'Half the pages are blank. The other half are screaming.',
    dropsFrom: 'The Binder of Souls, Ultimate',
    nodes: [
      base('{+35} Chaos Damage\n{+12%} Cast Speed'),
      mods('{+120%} Chaos Damage\n{+120%} Vitality Damage\n{+18%} Chaos Resistance'),
      skills('{+3} to [Doom Bolt]\n{+2} to [Ravenous Earth]'),
    ],
  },
  {
    key: 'offhand-ember-orb',
    name: 'Ember Orb',
    type: 'Offhand',
    rarity: 'Rare',
    level: 60,
    itemLevel: 61,
    req: [0, 0, 420],
    lore: 'Monster infrequent of the fire-touched shamans of Ashfall.',
    dropsFrom: 'Ashfall Shaman',
    nodes: [base('{+22} Fire Damage\n{+6%} Cast Speed'), mods('{+40%} Fire Damage\n{+40%} Burn Damage\n{+12} Spirit')],
  },
  {
    key: 'offhand-witchgod-codex',
    name: 'Codex of the Witch Gods',
    type: 'Offhand',
    rarity: 'Epic',
    level: 85,
    itemLevel: 86,
    req: [0, 0, 640],
    lore: 'Bysmiel, Dreeg and Solael each wrote a chapter, and each chapter contradicts the others.',
    dropsFrom: 'Any Cult boss',
    nodes: [
      base('{+28} Aether Damage\n{+10%} Cast Speed'),
      mods('{+52%} Acid Damage\n{+52%} Aether Damage\n{+52%} Chaos Damage'),
    ],
  },

  // ---------------------------------------------------------------- shields
  {
    key: 'shield-bastion',
    name: 'Mythical Bastion of the Vigil',
    type: 'Shield',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [820, 0, 0],
    lore: 'The last wall of Old Arkovia, carried by one man.',
    dropsFrom: 'Fabius, Ultimate',
    nodes: [
      base('{31%} Chance to Block Damage\n{2860} Damage Blocked\n{0.9} Second Recovery'),
      mods('{+600} Armor\n{+18%} Shield Damage Blocked\n{+25%} All Resistances\n{+1400} Health'),
      skills('{+3} to [Shield Training]\n{+2} to [Overguard]'),
      granted('Granted Skill: {Bulwark}', [
        '{8} Second Skill Recharge',
        '{+20%} Damage Absorption',
        '{6} Second Duration',
      ]),
    ],
  },
  {
    key: 'shield-warden-aegis',
    name: "Warden's Aegis",
    type: 'Shield',
    rarity: 'Epic',
    level: 82,
    itemLevel: 82,
    req: [640, 0, 0],
    lore: "Krieg's own shield, before he turned his magic on the prisoners.",
    dropsFrom: 'Warden Krieg',
    nodes: [
      base('{28%} Chance to Block Damage\n{2100} Damage Blocked\n{1.0} Second Recovery'),
      mods('{+20%} Vitality Resistance\n{+15%} Bleeding Resistance\n{+220} Armor'),
    ],
  },
  {
    key: 'shield-battered',
    name: 'Battered Kite Shield of Fortitude',
    type: 'Shield',
    rarity: 'Magical',
    level: 40,
    itemLevel: 41,
    req: [280, 0, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{25%} Chance to Block Damage\n{620} Damage Blocked'), mods('{+120} Health')],
  },

  // ---------------------------------------------------------------- one-handed ranged
  {
    key: 'pistol-hellfire',
    name: 'Hellfire Repeater',
    type: 'One-Handed Ranged',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: "Made in Malmouth's foundry for a war the foundry lost.",
    dropsFrom: 'Master of Flesh, Ultimate',
    nodes: [
      base('{170-232} Physical Damage\n{1.61} Attacks per Second\n{30%} Chance of Bonus Projectile'),
      mods('{+110%} Fire Damage\n{+110%} Burn Damage\n{+8%} Attack Speed'),
      skills('{+3} to [Fire Strike]\n{+2} to [Explosive Strike]'),
    ],
  },
  {
    key: 'pistol-frostbite',
    name: 'Frostbite Flintlock',
    type: 'One-Handed Ranged',
    rarity: 'Rare',
    level: 68,
    itemLevel: 68,
    req: [0, 492, 0],
    lore: 'Monster infrequent of the frost-touched riflemen in the Frozen Peaks.',
    dropsFrom: 'Frozen Peaks Rifleman',
    nodes: [
      base('{110-148} Physical Damage\n{1.61} Attacks per Second'),
      mods('{+34%} Cold Damage\n{+24%} Frostburn Damage'),
    ],
  },

  // ---------------------------------------------------------------- two-handed ranged
  {
    key: 'rifle-thunderclap',
    name: 'Empowered Thunderclap Rifle',
    type: 'Two-Handed Ranged',
    rarity: 'Legendary',
    level: 92,
    itemLevel: 92,
    req: [0, 800, 0],
    lore: 'It does not fire bullets. It fires storms.',
    dropsFrom: "Kymon's Chosen, Ultimate",
    nodes: [
      base('{390-550} Physical Damage\n{1.35} Attacks per Second\n{40%} Chance of Bonus Projectile'),
      mods('{+120%} Lightning Damage\n{+120%} Electrocute Damage\n{+10%} Crit Damage'),
      skills('{+3} to [Storm Box of Elgoloth]\n{+2} to [Brimstone]'),
      granted('Granted Skill: {Thunderclap}', [
        '{20%} Chance on Attack',
        '{380-620} Lightning Damage',
        '{3.5} Meter Radius',
      ]),
    ],
  },
  {
    key: 'rifle-hunter',
    name: "Hunter's Longbarrel",
    type: 'Two-Handed Ranged',
    rarity: 'Epic',
    level: 76,
    itemLevel: 76,
    req: [0, 560, 0],
    lore: 'The Coven hunters never missed twice.',
    dropsFrom: 'Any Coven hunter',
    nodes: [
      base('{300-420} Physical Damage\n{1.35} Attacks per Second'),
      mods('{+60%} Pierce Damage\n{+30%} Bleeding Damage\n{+5%} Crit Damage'),
    ],
  },

  // ---------------------------------------------------------------- helms
  {
    key: 'helm-crown-of-ash',
    name: 'Crown of Ash',
    type: 'Helm',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 742],
    lore: 'The crown of a king whose kingdom burned while he watched.',
    dropsFrom: "Nemesis: Grava'thul, Ultimate",
    nodes: [
      base('{702} Armor'),
      mods('{+100%} Fire Damage\n{+100%} Chaos Damage\n{+15%} Fire Resistance\n{+6%} Cast Speed'),
      skills("{+2} to all [Occultist] skills\n{+3} to [Solael's Witchfire]"),
      setBonus('(2) {+10%} Chaos Damage\n(3) {+8%} Cast Speed\n(4) {+1} to all Skills'),
    ],
  },
  {
    key: 'helm-stonehide',
    name: 'Stonehide Helm',
    type: 'Helm',
    rarity: 'Epic',
    level: 80,
    itemLevel: 80,
    req: [610, 0, 0],
    lore: 'The troll who wore it needed no helm.',
    dropsFrom: 'Any troll',
    nodes: [base('{560} Armor'), mods('{+20%} Physical Resistance\n{+300} Health\n{+12%} Stun Resistance')],
  },
  {
    key: 'helm-iron-visage',
    name: 'Iron Visage of the Sentinel',
    type: 'Helm',
    rarity: 'Magical',
    level: 50,
    itemLevel: 50,
    req: [350, 0, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{320} Armor'), mods('{+14%} Pierce Resistance')],
  },

  // ---------------------------------------------------------------- shoulders
  {
    key: 'shoulder-harbinger-mantle',
    name: 'Harbinger Mantle',
    type: 'Shoulder',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 742],
    lore: 'Worn by those who bring the news nobody wants.',
    dropsFrom: 'Any Nemesis, Ultimate',
    nodes: [
      base('{702} Armor'),
      mods('{+90%} Vitality Damage\n{+90%} Aether Damage\n{+24%} Vitality Resistance'),
      skills('{+3} to [Bone Harvest]\n{+2} to [Spectral Binding]'),
      setBonus('(2) {+15%} Vitality Damage\n(3) {+200} Armor\n(4) {+1} to all [Necromancer] skills'),
    ],
  },
  {
    key: 'shoulder-gravewrap',
    name: 'Gravewrap Pauldrons',
    type: 'Shoulder',
    rarity: 'Rare',
    level: 74,
    itemLevel: 75,
    req: [0, 0, 520],
    lore: 'Monster infrequent of the grave-bound ghouls of the Tomb of the Heretic.',
    dropsFrom: 'Heretic Ghoul',
    nodes: [base('{480} Armor'), mods('{+28%} Vitality Damage\n{+16%} Vitality Resistance\n{+3%} Life Leech')],
  },

  // ---------------------------------------------------------------- chest armor
  {
    key: 'chest-dreadplate',
    name: 'Mythical Dreadplate of the Fallen',
    type: 'Chest Armor',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [980, 0, 0],
    lore: 'It was forged for a hero. The hero fell; the armour kept walking.',
    dropsFrom: 'The Fallen Order, Ultimate',
    nodes: [
      base('{1240} Armor'),
      mods('{+8%} Health\n{+28%} Physical Resistance\n{+22%} All Resistances\n{+50} Defensive Ability'),
      skills('{+3} to [Field Command]\n{+2} to [Squad Tactics]'),
      granted('Granted Skill: {Last Stand}', [
        '{30%} Chance when Hit',
        '{+30%} Damage Absorption',
        '{5} Second Duration',
      ]),
    ],
  },
  {
    key: 'chest-embercloak',
    name: 'Embercloak Vestments',
    type: 'Chest Armor',
    rarity: 'Epic',
    level: 84,
    itemLevel: 84,
    req: [0, 0, 640],
    lore: 'Woven in Ashfall by tailors who could not feel their hands.',
    dropsFrom: 'Any Ashfall caster',
    nodes: [
      base('{860} Armor'),
      mods('{+60%} Fire Damage\n{+60%} Burn Damage\n{+24%} Fire Resistance\n{+4%} Cast Speed'),
      skills('{+2} to [Fire Strike]'),
      setBonus('(2) {+12%} Fire Damage\n(3) {+4%} Offensive Ability'),
    ],
  },
  {
    key: 'chest-hide-jerkin',
    name: 'Thick Hide Jerkin',
    type: 'Chest Armor',
    rarity: 'Magical',
    level: 35,
    itemLevel: 35,
    req: [240, 0, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{340} Armor'), mods('{+10%} Bleeding Resistance')],
  },

  // ---------------------------------------------------------------- gloves
  {
    key: 'gloves-grip-of-the-void',
    name: 'Grip of the Void',
    type: 'Gloves',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: 'Whatever it grasps grows a little less real.',
    dropsFrom: 'Any Aetherial boss, Ultimate',
    nodes: [
      base('{520} Armor'),
      mods('{+80%} Aether Damage\n{+80%} Chaos Damage\n{+5%} Attack Speed'),
      skills('{+2} to [Ring of Steel]\n{+3} to [Blade Spirit]'),
      setBonus('(2) {+12%} Aether Damage\n(3) {+12%} Chaos Damage\n(4) {+1} to all Skills'),
    ],
  },
  {
    key: 'gloves-hexed-mitts',
    name: 'Hexed Mitts',
    type: 'Gloves',
    rarity: 'Rare',
    level: 62,
    itemLevel: 62,
    req: [0, 440, 0],
    lore: "Monster infrequent of the witch-hunters' hex-bearers.",
    dropsFrom: 'Hex-bearer',
    nodes: [base('{360} Armor'), mods('{+24%} Chaos Damage\n{+18%} Chaos Resistance')],
  },

  // ---------------------------------------------------------------- belts
  {
    key: 'belt-bloodsworn',
    name: 'Bloodsworn Girdle',
    type: 'Belt',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 742],
    lore: 'The buckle is a fang; the fang is hungry.',
    dropsFrom: 'Any Chthonic boss, Ultimate',
    nodes: [
      base('{520} Armor'),
      mods(
        '{+70%} Bleeding Damage\n{+70%} Vitality Decay Damage\n{+6%} Health\nBonus to All Pets:\n{+30%} All Damage\n{+8%} Health',
      ),
      skills('{+2} to [Blood of Dreeg]\n{+2} to [Summon Hellhound]'),
      setBonus('(2) {+15%} Bleeding Damage\n(3) {+1} to all [Occultist] skills'),
    ],
  },
  {
    key: 'belt-trollhide',
    name: 'Trollhide Belt',
    type: 'Belt',
    rarity: 'Epic',
    level: 78,
    itemLevel: 78,
    req: [590, 0, 0],
    lore: 'The regeneration does not stop just because the troll did.',
    dropsFrom: 'Any troll',
    nodes: [base('{460} Armor'), mods('{+20%} Health Regeneration\n{+240} Health\n{+18%} Physical Resistance')],
  },

  // ---------------------------------------------------------------- pants
  {
    key: 'pants-wardens-legguards',
    name: "Warden's Legguards",
    type: 'Pants',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [820, 0, 0],
    lore: "The Warden's guards wore these on every patrol of the Vigil.",
    dropsFrom: 'Warden Krieg, Ultimate',
    nodes: [
      base('{820} Armor'),
      mods('{+22%} All Resistances\n{+6%} Health\n{+40} Defensive Ability\n{+30%} Slow Resistance'),
      skills("{+2} to [Menhir's Will]"),
      setBonus('(2) {+10%} Armor\n(3) {+20%} Pierce Resistance\n(4) {+1} to all [Soldier] skills'),
    ],
  },
  {
    key: 'pants-runic-leggings',
    name: 'Runic Leggings',
    type: 'Pants',
    rarity: 'Rare',
    level: 70,
    itemLevel: 71,
    req: [0, 0, 500],
    lore: 'Monster infrequent of the runebound constructs of Korvan.',
    dropsFrom: 'Runebound Construct',
    nodes: [base('{520} Armor'), mods('{+20%} Elemental Resistance\n{+4%} Cast Speed\n{+10} Spirit')],
  },

  // ---------------------------------------------------------------- boots
  {
    key: 'boots-windstride',
    name: 'Windstride Boots',
    type: 'Boots',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 742, 0],
    lore: 'Whoever wears them is never where the arrow lands.',
    dropsFrom: 'Nemesis: Kuba the Slayer, Ultimate',
    nodes: [
      base('{560} Armor'),
      mods('{+20%} Movement Speed\n{+25%} Slow Resistance\n{+24%} Lightning Resistance\n{+40} Offensive Ability'),
      skills('{+2} to [Shadow Strike]\n{+2} to [Veil of Shadow]'),
      setBonus('(2) {+8%} Movement Speed\n(3) {+5%} Attack Speed'),
    ],
  },
  {
    key: 'boots-treads-of-the-march',
    name: 'Treads of the Endless March',
    type: 'Boots',
    rarity: 'Epic',
    level: 72,
    itemLevel: 72,
    req: [540, 0, 0],
    lore: 'The Kymonite crusaders walked from the sea to the mountains in these.',
    dropsFrom: 'Any Kymonite',
    nodes: [base('{420} Armor'), mods('{+16%} Movement Speed\n{+20%} Freeze Resistance\n{+20%} Stun Resistance')],
  },
  {
    key: 'boots-worn-sabatons',
    name: 'Worn Sabatons of Haste',
    type: 'Boots',
    rarity: 'Magical',
    level: 20,
    itemLevel: 20,
    req: [140, 0, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{120} Armor'), mods('{+6%} Movement Speed')],
  },

  // ---------------------------------------------------------------- rings
  {
    key: 'ring-seal-of-the-void',
    name: 'Seal of the Void',
    type: 'Ring',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 0],
    lore: 'A ring of black glass that drinks the lamplight.',
    dropsFrom: "Ch'thon, Ultimate",
    nodes: [
      base('{+45%} Chaos Damage\n{+15%} Chaos Resistance'),
      mods('{+60%} Chaos Damage\n{+5%} Cast Speed\n{+3%} Offensive Ability'),
      skills('{+2} to [Doom Bolt]'),
    ],
  },
  {
    key: 'ring-band-of-sanguine',
    name: 'Band of Sanguine Rites',
    type: 'Ring',
    rarity: 'Epic',
    level: 75,
    itemLevel: 75,
    req: [0, 0, 0],
    lore: 'Worn by the acolytes who bled for Dreeg.',
    dropsFrom: 'Blood cult acolyte',
    nodes: [
      base('{+30%} Bleeding Damage'),
      mods('{+40%} Vitality Decay Damage\n{+3%} Life Leech\n{+15%} Bleeding Resistance'),
    ],
  },
  {
    key: 'ring-kymon-signet',
    name: "Kymon's Signet",
    type: 'Ring',
    rarity: 'Rare',
    level: 66,
    itemLevel: 66,
    req: [0, 0, 0],
    lore: 'Monster infrequent of the Kymonite zealots.',
    dropsFrom: 'Kymonite Zealot',
    nodes: [base('{+20%} Fire Damage'), mods('{+20%} Lightning Damage\n{+18%} Fire Resistance\n{+2%} Cast Speed')],
  },

  // ---------------------------------------------------------------- amulets
  {
    key: 'amulet-heart-of-the-storm',
    name: 'Mythical Heart of the Storm',
    type: 'Amulet',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 0],
    lore: 'It beats faster when lightning is near.',
    dropsFrom: 'Boundless Dungeon reward chest, Ultimate',
    nodes: [
      base('{+40} Offensive Ability'),
      mods('{+100%} Lightning Damage\n{+100%} Electrocute Damage\n{+20%} Lightning Resistance\n{+4%} Attack Speed'),
      skills('{+2} to all [Shaman] skills\n{+2} to all [Arcanist] skills'),
      granted('Granted Skill: {Eye of the Storm}', [
        '{10} Second Skill Recharge',
        '{+60%} Lightning Damage',
        '{8} Second Duration',
      ]),
    ],
  },
  {
    key: 'amulet-tooth-of-moosilauke',
    name: 'Tooth of the Ravening',
    type: 'Amulet',
    rarity: 'Epic',
    level: 80,
    itemLevel: 80,
    req: [0, 0, 0],
    lore: 'Hung on a thong of sinew, it still wants to bite.',
    dropsFrom: 'Any beast boss',
    nodes: [
      base('{+30} Offensive Ability'),
      mods('{+50%} Bleeding Damage\n{+50%} Physical Damage\n{+12%} Crit Damage'),
    ],
  },
  {
    key: 'amulet-charm-of-warding',
    name: 'Charm of Warding',
    type: 'Amulet',
    rarity: 'Magical',
    level: 38,
    itemLevel: 38,
    req: [0, 0, 0],
    lore: '',
    dropsFrom: 'Any enemy',
    nodes: [base('{+12} Defensive Ability'), mods('{+10%} Elemental Resistance')],
  },

  // ---------------------------------------------------------------- medals
  {
    key: 'medal-mark-of-the-legion',
    name: 'Mark of the Black Legion',
    type: 'Medal',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 0],
    lore: "Given to the soldiers who held the Black Legion's line at Homestead.",
    dropsFrom: 'Black Legion quartermaster (Revered)',
    nodes: [
      base('{+6%} Health\n{+45} Defensive Ability'),
      mods('{+60%} Physical Damage\n{+20%} Pierce Resistance\n{+150} Armor'),
      skills("{+3} to [Oleron's Rage]"),
    ],
  },
  {
    key: 'medal-sigil-of-the-coven',
    name: 'Sigil of the Coven',
    type: 'Medal',
    rarity: 'Epic',
    level: 70,
    itemLevel: 70,
    req: [0, 0, 0],
    lore: "The Coven's leaders pin it on whoever they have decided to trust this week.",
    dropsFrom: 'Coven of Ugdenbog (Revered)',
    nodes: [
      base('{+4%} Health'),
      mods(
        '{+40%} Acid Damage\n{+40%} Poison Damage\nBonus to All Pets:\n{+25%} All Damage\n{+15%} Poison & Acid Resistance',
      ),
    ],
  },
  {
    key: 'medal-rover-badge',
    name: "Rover's Badge",
    type: 'Medal',
    rarity: 'Rare',
    level: 55,
    itemLevel: 55,
    req: [0, 0, 0],
    lore: 'Monster infrequent of the Rover bandit captains.',
    dropsFrom: 'Rover Captain',
    nodes: [base('{+3%} Health'), mods('{+20%} Pierce Damage\n{+4%} Movement Speed')],
  },

  // ---------------------------------------------------------------- blueprints
  {
    key: 'blueprint-mythical-dawnbreaker',
    name: 'Blueprint: Mythical Dawnbreaker',
    type: 'Blueprint',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 0],
    lore: 'Teaches the blacksmith to forge the Mythical Dawnbreaker.',
    dropsFrom: 'Dawnbreaker forge chest, Ultimate',
    nodes: [
      base(
        "Crafts: {Mythical Dawnbreaker}\nRequires: [Dawnbreaker], {4} Ancient Heart, {2} Blood of Ch'thon, {40} Aether Crystal",
      ),
    ],
  },
  {
    key: 'blueprint-stonehide-helm',
    name: 'Blueprint: Stonehide Helm',
    type: 'Blueprint',
    rarity: 'Epic',
    level: 80,
    itemLevel: 80,
    req: [0, 0, 0],
    lore: "A blacksmith's sketch of a helm, scrawled on troll hide.",
    dropsFrom: 'Any chest in the Fort Ikon region',
    nodes: [base('Crafts: {Stonehide Helm}\nRequires: {3} Chipped Claw, {2} Iron Bar, {12} Scrap')],
  },
  {
    key: 'blueprint-relic-of-storms',
    name: 'Blueprint: Ring of Thunder',
    type: 'Blueprint',
    rarity: 'Rare',
    level: 60,
    itemLevel: 60,
    req: [0, 0, 0],
    lore: 'The instructions smell faintly of ozone.',
    dropsFrom: 'Any chest, Elite',
    nodes: [base('Crafts: {Ring of Thunder}\nRequires: {2} Aether Shard, {1} Royal Jelly, {8} Scrap')],
  },

  // ---------------------------------------------------------------- set pieces, and one unrevealed item
  {
    key: 'set-ring-dreegs-coil',
    name: "Dreeg's Coil (S)",
    type: 'Ring',
    rarity: 'Legendary',
    level: 90,
    itemLevel: 90,
    req: [0, 0, 0],
    lore: 'One piece of the Mark of Dreeg. It tightens when the others are near.',
    dropsFrom: "Dreeg's Evil Eye, Elite and Ultimate",
    nodes: [
      base('{+35%} Acid Damage\n{+35%} Poison Damage'),
      mods('{+6%} Cast Speed\n{+20%} Poison & Acid Resistance'),
      setBonus(
        'Mark of Dreeg:\n(2) {+25%} Acid Damage\n(3) {+1} to all [Occultist] skills\n(4) {+40%} Poison Damage, {+15%} Poison Duration',
      ),
    ],
  },
  {
    key: 'set-helm-dreegs-visage',
    name: "Dreeg's Visage (S)",
    type: 'Helm',
    rarity: 'Legendary',
    level: 90,
    itemLevel: 90,
    req: [0, 0, 700],
    lore: 'One piece of the Mark of Dreeg. Its eyes never quite close.',
    dropsFrom: "Dreeg's Evil Eye, Elite and Ultimate",
    nodes: [
      base('{660} Armor'),
      mods('{+70%} Acid Damage\n{+70%} Poison Damage\n{+20%} Acid Resistance'),
      skills('{+3} to [Curse of Frailty]'),
      setBonus(
        'Mark of Dreeg:\n(2) {+25%} Acid Damage\n(3) {+1} to all [Occultist] skills\n(4) {+40%} Poison Damage, {+15%} Poison Duration',
      ),
    ],
  },
  {
    key: 'unrevealed-season8-relic',
    name: 'Mythical Shard of the Eighth Season',
    type: 'Amulet',
    rarity: 'Legendary',
    level: 94,
    itemLevel: 94,
    req: [0, 0, 0],
    lore: 'Not yet revealed to players: an admin flips it active when the next season starts.',
    dropsFrom: 'Season 8',
    active: false,
    nodes: [base('{+50} Offensive Ability'), mods('{+1} to all Skills')],
  },
];

// ---------------------------------------------------------------- encounters and monsters

export interface SeedMonster {
  key: string;
  name: string;
  race: string;
  type: string;
  lore: string;
  active?: boolean;
  /** [title, text] */
  attacks: Array<[string, string]>;
  passives: Array<[string, string]>;
  minions?: SeedMonster[];
}

export interface SeedEncounter {
  key: string;
  name: string;
  active?: boolean;
  monsters: SeedMonster[];
}

export const SEED_ENCOUNTERS: SeedEncounter[] = [
  {
    key: 'enc-warden',
    name: "The Warden's Laboratory",
    monsters: [
      {
        key: 'mon-warden-krieg',
        name: 'Warden Krieg',
        race: 'Human',
        type: 'Boss',
        lore: 'Once the keeper of Burrwitch prison, now a creature of his own experiments.',
        attacks: [
          ["Warden's Cleave", 'A wide melee sweep for {120%} weapon damage plus {340} [Physical] damage.'],
          ['Summon Abominations', "Calls {2} Warden's Abominations from the laboratory vats."],
        ],
        passives: [
          ['Vat-Grown Vigour', '{+30%} Health Regeneration; immune to [Poison].'],
          ['Enraged', 'Below {40%} Health: {+25%} Attack Speed and {+30%} Damage.'],
        ],
        minions: [
          {
            key: 'mon-warden-abomination',
            name: "Warden's Abomination",
            race: 'Beast',
            type: 'Hero',
            lore: 'A stitched horror that was once three prisoners.',
            attacks: [['Grasping Claws', 'Melee strike that applies {-20%} Movement Speed for {3} seconds.']],
            passives: [['Unstable Flesh', 'Explodes on death for {180} [Acid] damage.']],
          },
        ],
      },
      {
        key: 'mon-warden-guard',
        name: 'Laboratory Guard',
        race: 'Human',
        type: 'Common',
        lore: 'Krieg paid them in coin, then in flesh.',
        attacks: [['Halberd Thrust', 'A piercing thrust for {160} [Pierce] damage.']],
        passives: [['Drilled', '{+15%} Defensive Ability while near the Warden.']],
      },
    ],
  },
  {
    key: 'enc-cronley',
    name: "Cronley's Hideout",
    monsters: [
      {
        key: 'mon-darius-cronley',
        name: 'Darius Cronley',
        race: 'Human',
        type: 'Boss',
        lore: 'Leader of the Outlaws, a gunslinger who thinks the end of the world is good for business.',
        attacks: [
          ['Fan the Hammer', 'Fires {6} shots in a cone, each for {95} [Physical] and {60} [Fire] damage.'],
          ["Cronley's Grenade", 'Throws a grenade for {420} [Fire] damage in a {3} meter radius.'],
        ],
        passives: [['Gang Leader', 'Allies within {10} meters gain {+15%} Offensive Ability.']],
        minions: [
          {
            key: 'mon-cronley-gunman',
            name: "Cronley's Gunman",
            race: 'Human',
            type: 'Champion',
            lore: 'Deserters and cutthroats who follow Cronley for a share of the loot.',
            attacks: [['Rifle Volley', 'Three aimed shots for {140} [Physical] damage each.']],
            passives: [['Cover', '{+20%} Physical Resistance while standing still.']],
          },
          {
            key: 'mon-cronley-brute',
            name: "Cronley's Brute",
            race: 'Human',
            type: 'Champion',
            lore: 'Big, slow and very hard to stop.',
            attacks: [['Shield Bash', 'Stuns for {1.5} seconds and deals {220} [Physical] damage.']],
            passives: [['Thick Skull', '{+50%} Stun Resistance.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-gravathul',
    name: 'Bastion of Chaos',
    monsters: [
      {
        key: 'mon-gravathul',
        name: "Grava'thul, the Herald of Chaos",
        race: 'Chthonic',
        type: 'Nemesis',
        lore: "A herald of Ch'thon who burns what the Void cannot swallow.",
        attacks: [
          ['Meteor Storm', 'Calls {5} meteors for {520} [Fire] and {260} [Chaos] damage each.'],
          ['Chaos Nova', 'A ring of [Chaos] fire that expands to {8} meters.'],
        ],
        passives: [
          ["Herald's Presence", '{-25%} Fire Resistance to players within {12} meters.'],
          ['Burning Blood', 'Immune to [Burn]; {+40%} Chaos Resistance.'],
        ],
        minions: [
          {
            key: 'mon-gravathul-imp',
            name: 'Infernal Imp',
            race: 'Chthonic',
            type: 'Common',
            lore: 'Small, quick and ablaze.',
            attacks: [['Firebolt', 'Ranged bolt for {140} [Fire] damage.']],
            passives: [['Blink', 'Teleports away when struck below {30%} Health.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-ravager',
    name: 'Ravager of Minds',
    monsters: [
      {
        key: 'mon-ravager',
        name: 'Ravager of Minds',
        race: 'Aetherial',
        type: 'Boss',
        lore: "The largest Aetherial construct ever seen in Cairn, born in Malmouth's sewers.",
        attacks: [
          ['Aetherial Slam', 'Ground slam for {900} [Aether] damage in a {6} meter radius.'],
          ['Mind Flay', "Channels a beam that drains {8%} of the target's Energy per second."],
          ['Summon Aetherial Storm', 'Calls {3} storm pillars that fire [Lightning] bolts.'],
        ],
        passives: [['Colossal', 'Cannot be slowed, frozen or stunned.']],
        minions: [
          {
            key: 'mon-ravager-spawn',
            name: 'Aetherial Spawn',
            race: 'Aetherial',
            type: 'Common',
            lore: "Fragments of the Ravager's body that crawl away on their own.",
            attacks: [['Aether Spit', 'Ranged spit for {110} [Aether] damage.']],
            passives: [['Reabsorb', 'Heals the Ravager by {2%} when it dies nearby.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-kuba',
    name: 'Hunting Grounds of Kuba',
    monsters: [
      {
        key: 'mon-kuba',
        name: 'Kuba the Slayer',
        race: 'Beast',
        type: 'Nemesis',
        lore: "Ugdenbog's oldest predator; the Coven pays its hunters to stay away from it.",
        attacks: [
          ['Pounce', 'Leaps {12} meters and strikes for {640} [Physical] damage.'],
          ['Bleeding Rend', 'Applies {420} [Bleeding] damage over {4} seconds.'],
        ],
        passives: [
          ['Apex Predator', '{+30%} Damage against targets below {50%} Health.'],
          ['Thick Hide', '{+25%} Physical Resistance.'],
        ],
        minions: [
          {
            key: 'mon-kuba-whelp',
            name: 'Bog Stalker Whelp',
            race: 'Beast',
            type: 'Common',
            lore: "Kuba's brood, already learning to hunt.",
            attacks: [['Snapping Bite', 'Bite for {120} [Physical] and {60} [Bleeding] damage.']],
            passives: [['Pack Hunter', '{+10%} Attack Speed per nearby whelp.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-fallen-order',
    name: 'Crypt of the Fallen Order',
    monsters: [
      {
        key: 'mon-fabius',
        name: 'Fabius, Marshal of the Order',
        race: 'Undead',
        type: 'Boss',
        lore: "The Order of Death's Vigil sealed him in; he has been waiting for the seal to break.",
        attacks: [
          ['Judgement', 'Hammer blow for {780} [Vitality] damage.'],
          ['Raise the Fallen', 'Raises {3} Fallen Knights from the crypt floor.'],
        ],
        passives: [
          ['Oath Unbroken', 'Cannot die while a Fallen Knight lives; takes {-50%} damage instead.'],
          ['Deathless', 'Immune to [Vitality Decay].'],
        ],
        minions: [
          {
            key: 'mon-fallen-knight',
            name: 'Fallen Knight',
            race: 'Undead',
            type: 'Champion',
            lore: 'A knight of the Order, still in formation after two hundred years.',
            attacks: [['Shield Wall', 'Blocks {40%} of incoming damage for {4} seconds.']],
            passives: [['Vigil', '{+20%} All Resistances near Fabius.']],
          },
          {
            key: 'mon-fallen-acolyte',
            name: 'Fallen Acolyte',
            race: 'Undead',
            type: 'Common',
            lore: "The Order's scribes, who kept writing after they died.",
            attacks: [['Curse of Frailty', '{-15%} Resistances for {6} seconds.']],
            passives: [['Martyr', 'Heals nearby undead for {400} on death.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-kymon-chosen',
    name: 'The Chosen of Kymon',
    monsters: [
      {
        key: 'mon-kymon-chosen',
        name: "Kymon's Chosen, Exalted",
        race: 'Human',
        type: 'Nemesis',
        lore: "Kymon's zealots elevated him to sainthood while he was still alive, and he has not forgiven anyone since.",
        attacks: [
          ['Purifying Fire', 'A cone of [Fire] for {560} damage plus {180} [Burn].'],
          ['Word of Pain', 'Calls down [Lightning] on every enemy within {10} meters.'],
        ],
        passives: [['Zealotry', '{+40%} Damage against [Chthonic] and [Aetherial] enemies.']],
        minions: [
          {
            key: 'mon-kymon-zealot',
            name: 'Kymonite Zealot',
            race: 'Human',
            type: 'Champion',
            lore: 'Fanatics of the Order of Kymon.',
            attacks: [['Righteous Strike', 'Melee strike for {180} [Fire] damage.']],
            passives: [['Faith', '{+15%} Elemental Resistance.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-boundless-depths',
    name: 'Boundless Dungeon: The Depths',
    monsters: [
      {
        key: 'mon-depth-warden',
        name: 'Warden of the Depths',
        race: 'Construct',
        type: 'Boss',
        lore: "Guards the deepest floor of the Boundless Dungeon, changing with every season's mutators.",
        attacks: [
          ['Crushing Gaze', 'Beam for {420} [Physical] damage per second; slows by {30%}.'],
          ['Seismic Pulse', 'Pulses every {6} seconds for {300} [Physical] damage.'],
        ],
        passives: [
          ['Mutated', 'Gains the active Boundless Dungeon mutators of its floor.'],
          ['Stone Body', '{+40%} Physical Resistance; immune to [Bleeding].'],
        ],
        minions: [
          {
            key: 'mon-depth-sentry',
            name: 'Depth Sentry',
            race: 'Construct',
            type: 'Hero',
            lore: 'A runed pillar that wakes when the Warden does.',
            attacks: [['Rune Bolt', 'Ranged bolt for {260} [Aether] damage.']],
            passives: [['Anchored', 'Cannot move; takes {-30%} damage from ranged attacks.']],
          },
        ],
      },
    ],
  },
  {
    key: 'enc-season8-preview',
    name: 'Season 8: The Sunken Court',
    active: false,
    monsters: [
      {
        key: 'mon-drowned-regent',
        name: 'The Drowned Regent',
        race: 'Undead',
        type: 'Boss',
        lore: 'Not yet revealed: the encounter goes live with Season 8.',
        attacks: [['Tidal Crush', '{900} [Cold] damage in a {5} meter radius.']],
        passives: [['Waterlogged', 'Immune to [Burn].']],
      },
    ],
  },
];

// ---------------------------------------------------------------- Season 4 Boundless Dungeon mutators

/** A stat line: fixed text, or a template whose `$` takes the Normal, Elite and Ultimate value in turn. */
export type MutatorLine = string | [template: string, values: [number, number, number]];

export interface SeedMutator {
  class: BaseClass;
  name: string;
  lines: MutatorLine[];
}

export const SEED_MUTATORS: SeedMutator[] = [
  {
    class: 'Soldier',
    name: 'Iron Discipline',
    lines: [
      ['{+$%} Physical Damage', [20, 35, 50]],
      ['{+$} Defensive Ability', [40, 70, 110]],
      '[Blitz] leaves a trail of shrapnel',
    ],
  },
  {
    class: 'Soldier',
    name: 'War Cry Echo',
    lines: [
      ['[War Cry] recharges {$%} faster', [15, 25, 35]],
      ['{+$%} Internal Trauma Damage', [30, 50, 80]],
    ],
  },
  {
    class: 'Demolitionist',
    name: 'Powder Keg',
    lines: [
      ['{+$%} Fire Damage', [25, 40, 60]],
      ['Enemies explode on death for {$} [Fire] damage', [150, 300, 520]],
    ],
  },
  {
    class: 'Demolitionist',
    name: 'Thermite Trail',
    lines: [
      ['{+$%} Burn Damage', [30, 55, 85]],
      ['[Flame Touched] grants {+$%} Cast Speed', [4, 6, 10]],
    ],
  },
  {
    class: 'Occultist',
    name: 'Blood Pact',
    lines: [
      ['{+$%} Bleeding Damage', [25, 45, 70]],
      ['{+$%} Pet Health', [10, 18, 25]],
      '[Blood of Dreeg] cannot be interrupted',
    ],
  },
  {
    class: 'Occultist',
    name: 'Witch Hex',
    lines: [
      ['[Curse of Frailty] reduces resistances by {$%} more', [5, 8, 12]],
      ['{+$%} Chaos Damage', [20, 35, 55]],
    ],
  },
  {
    class: 'Nightblade',
    name: 'Shadow Dance',
    lines: [
      ['{+$%} Attack Speed', [6, 10, 15]],
      ['{+$%} Chance to avoid melee attacks', [5, 8, 12]],
      '[Shadow Strike] ends with a brief stealth',
    ],
  },
  {
    class: 'Nightblade',
    name: 'Venom Edge',
    lines: [
      ['{+$%} Poison Damage', [30, 50, 80]],
      ['{+$%} Acid Damage', [20, 35, 55]],
    ],
  },
  {
    class: 'Arcanist',
    name: 'Arcane Overflow',
    lines: [
      ['{+$%} Aether Damage', [25, 45, 70]],
      ['{+$} Energy Regenerated per Second', [3, 5, 8]],
      "[Panetti's Replicating Missile] splits one extra time",
    ],
  },
  {
    class: 'Arcanist',
    name: 'Frozen Mind',
    lines: [
      ['{+$%} Cold Damage', [25, 40, 60]],
      ['[Mirror of Ereoctes] lasts {$} seconds longer', [1, 2, 3]],
    ],
  },
  {
    class: 'Shaman',
    name: 'Primal Storm',
    lines: [
      ['{+$%} Lightning Damage', [25, 45, 70]],
      ['{+$%} Electrocute Damage', [30, 55, 85]],
      '[Storm Totem] fires at twice the rate',
    ],
  },
  {
    class: 'Shaman',
    name: 'Wendigo Hunger',
    lines: [
      ['{+$%} Vitality Damage', [20, 35, 55]],
      ['[Wendigo Totem] heals for {$%} more', [15, 25, 40]],
    ],
  },
  {
    class: 'Inquisitor',
    name: 'Seal of Judgement',
    lines: [
      ['{+$%} Elemental Damage', [20, 35, 55]],
      ['{+$%} Crit Damage', [5, 10, 15]],
      '[Inquisitor Seal] follows the player',
    ],
  },
  {
    class: 'Inquisitor',
    name: 'Word of Renewal',
    lines: [
      ['{+$%} Health Regeneration', [20, 35, 50]],
      ['{+$%} Constitution', [15, 25, 40]],
    ],
  },
  {
    class: 'Necromancer',
    name: 'Army of the Dead',
    lines: [
      ['{+$%} Pet Damage', [20, 35, 55]],
      ['[Raise Skeletons] summons {+$} additional Skeleton', [1, 1, 2]],
      ['{+$%} Vitality Decay Damage', [30, 50, 80]],
    ],
  },
  {
    class: 'Necromancer',
    name: 'Soul Harvest',
    lines: [
      ['{+$%} Life Leech', [3, 5, 8]],
      ['[Siphon Souls] drains {$%} more Health', [10, 20, 30]],
    ],
  },
  {
    class: 'Oathkeeper',
    name: 'Unbroken Oath',
    lines: [
      ['{+$%} Chance to Block Damage', [5, 10, 15]],
      ['{+$%} Shield Damage Blocked', [15, 25, 40]],
      '[Presence of Virtue] pulses [Fire] damage',
    ],
  },
  {
    class: 'Oathkeeper',
    name: "Guardian's Fury",
    lines: [
      ['{+$%} Fire Damage', [20, 35, 55]],
      ['{+$%} Physical Resistance', [3, 6, 9]],
    ],
  },
];

// ---------------------------------------------------------------- stat filter catalogue

/** [statTag, description] per category, in the order the stash filter shows them. */
export const SEED_STAT_FILTERS: Array<[StatFilterCategory, Array<[string, string]>]> = [
  [
    'Direct Damage',
    [
      ['offensivePhysicalModifier', '% Physical Damage'],
      ['offensivePierceModifier', '% Pierce Damage'],
      ['offensiveFireModifier', '% Fire Damage'],
      ['offensiveColdModifier', '% Cold Damage'],
      ['offensiveLightningModifier', '% Lightning Damage'],
      ['offensivePoisonModifier', '% Acid Damage'],
      ['offensiveLifeModifier', '% Vitality Damage'],
      ['offensiveAetherModifier', '% Aether Damage'],
      ['offensiveChaosModifier', '% Chaos Damage'],
      ['offensiveElementalModifier', '% Elemental Damage'],
      ['offensiveTotalDamageModifier', '% All Damage'],
    ],
  ],
  [
    'Damage Over Time',
    [
      ['offensiveSlowBleedingModifier', '% Bleeding Damage'],
      ['offensiveSlowPhysicalModifier', '% Internal Trauma Damage'],
      ['offensiveSlowFireModifier', '% Burn Damage'],
      ['offensiveSlowColdModifier', '% Frostburn Damage'],
      ['offensiveSlowLightningModifier', '% Electrocute Damage'],
      ['offensiveSlowPoisonModifier', '% Poison Damage'],
      ['offensiveSlowLifeModifier', '% Vitality Decay Damage'],
      ['offensiveSlowDurationModifier', '% Damage over Time Duration'],
    ],
  ],
  [
    'Misc Offensive',
    [
      ['characterOffensiveAbility', 'Offensive Ability'],
      ['characterAttackSpeedModifier', '% Attack Speed'],
      ['characterSpellCastSpeedModifier', '% Cast Speed'],
      ['offensiveCritDamageModifier', '% Crit Damage'],
      ['offensiveLifeLeechModifier', '% Life Leech'],
      ['skillCooldownReduction', '% Skill Cooldown Reduction'],
      ['offensiveReducedResistances', 'Reduced Target Resistances'],
    ],
  ],
  [
    'Defensive',
    [
      ['defensivePhysical', '% Physical Resistance'],
      ['defensivePierce', '% Pierce Resistance'],
      ['defensiveFire', '% Fire Resistance'],
      ['defensiveCold', '% Cold Resistance'],
      ['defensiveLightning', '% Lightning Resistance'],
      ['defensivePoison', '% Poison & Acid Resistance'],
      ['defensiveBleeding', '% Bleeding Resistance'],
      ['defensiveLife', '% Vitality Resistance'],
      ['defensiveAether', '% Aether Resistance'],
      ['defensiveChaos', '% Chaos Resistance'],
      ['defensiveElementalResistance', '% Elemental Resistance'],
    ],
  ],
  [
    'Misc Defensive',
    [
      ['characterDefensiveAbility', 'Defensive Ability'],
      ['defensiveProtection', 'Armor'],
      ['characterLife', 'Health'],
      ['characterLifeModifier', '% Health'],
      ['characterLifeRegenModifier', '% Health Regeneration'],
      ['defensiveStun', '% Stun Resistance'],
      ['defensiveFreeze', '% Freeze Resistance'],
      ['defensiveSlowResistance', '% Slow Resistance'],
      ['defensiveBlockModifier', '% Shield Damage Blocked'],
    ],
  ],
  [
    'Pet Stats',
    [
      ['petBonusTotalDamageModifier', 'Bonus to All Pets: % All Damage'],
      ['petBonusLifeModifier', 'Bonus to All Pets: % Health'],
      ['petBonusAttackSpeedModifier', 'Bonus to All Pets: % Attack Speed'],
      ['petBonusResistances', 'Bonus to All Pets: % All Resistances'],
      ['petBonusCritDamage', 'Bonus to All Pets: % Crit Damage'],
    ],
  ],
  [
    'Retaliation',
    [
      ['retaliationPhysical', 'Physical Retaliation'],
      ['retaliationPierce', 'Pierce Retaliation'],
      ['retaliationFire', 'Fire Retaliation'],
      ['retaliationLightning', 'Lightning Retaliation'],
      ['retaliationAether', 'Aether Retaliation'],
      ['retaliationTotalDamageModifier', '% All Retaliation Damage'],
      ['retaliationDamageAdded', '% of Retaliation Damage added to Attack'],
    ],
  ],
  [
    'Misc Character',
    [
      ['characterStrength', 'Physique'],
      ['characterDexterity', 'Cunning'],
      ['characterIntelligence', 'Spirit'],
      ['characterMana', 'Energy'],
      ['characterManaRegenModifier', '% Energy Regeneration'],
      ['characterRunSpeedModifier', '% Movement Speed'],
      ['augmentAllLevel', '+ to all Skills'],
      ['augmentMasteryLevel', '+ to all skills of a Mastery'],
      ['augmentSkillLevel', '+ to a Skill'],
      ['grantedSkill', 'Granted Skill'],
    ],
  ],
  [
    'Trading',
    [
      ['listedForTrade', 'Listed For Trade'],
      ['notListedForTrade', 'Not Listed For Trade'],
    ],
  ],
  ['Set Item', [['setItem', 'Set Item']]],
];

/** The mutators as stored: one record per class, mutator and difficulty. */
export function expandMutators(): Array<{
  class: BaseClass;
  name: string;
  difficulty: 'Normal' | 'Elite' | 'Ultimate';
  modifiers: Array<{ statDisplay: string }>;
}> {
  const difficulties = ['Normal', 'Elite', 'Ultimate'] as const;
  return SEED_MUTATORS.flatMap((m) =>
    difficulties.map((difficulty, i) => ({
      class: m.class,
      name: m.name,
      difficulty,
      modifiers: m.lines.map((line) => ({
        statDisplay: typeof line === 'string' ? line : line[0].replace('$', String(line[1][i])),
      })),
    })),
  );
}
