import { plainLauncherItem, type LauncherItem } from '@league/contracts';
import { isDuplicateKey } from '@league/platform';
import type { ParticipantDoc, SeasonDoc } from '../../data/models';
import type { StashContext } from './context';
import { uploadItems } from './ops';
import { bumpSeasonView } from '../season-views';

/** The demo players (the account seed's player1–3) and the Season 7 SC Trade ladders (prod 18, beta 16). */
const DEMO_PLAYERS = ['player1', 'player2', 'player3'];
const TRADE_LADDERS = [18, 16];

const item = plainLauncherItem;

/** A fixed batch per player (seeds differ by player), so the upload's fingerprint makes the seed idempotent. */
function demoBatch(player: number): LauncherItem[] {
  const seed = (n: number) => 1_000_000 * (player + 1) + n;
  const R = 'records/items/';
  return [
    item(`${R}gearweapons/guns2h/d005_gun2h.dbr`, { itemSeed: seed(1) }),
    item(`${R}gearaccessories/rings/d009_ring.dbr`, {
      prefix: `${R}lootaffixes/prefix/ad002_rare_vitality.dbr`,
      suffix: `${R}lootaffixes/suffix/b_rare_frostburn.dbr`,
      itemSeed: seed(2),
    }),
    item(`${R}geartorso/a10_torso01.dbr`, {
      prefix: `${R}lootaffixes/prefix/b_ar001_ar.dbr`,
      suffix: `${R}lootaffixes/suffix/a016_def_life.dbr`,
      itemSeed: seed(3),
    }),
    item(`${R}gearaccessories/necklaces/c007_necklace.dbr`, { itemSeed: seed(4) }),
    item(`${R}gearhands/d011_hands.dbr`, { itemSeed: seed(5) }),
    item(`${R}gearweapons/swords1h/a06_sword01.dbr`, {
      suffix: `${R}lootaffixes/suffix/a001_off_phys.dbr`,
      itemSeed: seed(6),
    }),
    item(`${R}misc/potions/potion_healtha01.dbr`, { itemSeed: seed(7), stackCount: 20 + player * 5 }),
    item(`${R}materia/compa_chippedclaw.dbr`, { itemSeed: seed(8), stackCount: 3 + player }),
    // Currency stacks: these add to the balances.
    item(`${R}questitems/scrapmetal.dbr`, { itemSeed: seed(9), stackCount: 500 + 100 * player }),
    item(`${R}crafting/materials/craft_aethershard.dbr`, { itemSeed: seed(10), stackCount: 120 }),
    item(`${R}leagues/currency/ironbar.dbr`, { itemSeed: seed(11), stackCount: 25 + 10 * player }),
    item(`${R}crafting/materials/craft_royaljelly.dbr`, { itemSeed: seed(12), stackCount: 40 }),
  ];
}

/**
 * Gives the demo players stashes on the Season 7 SC Trade ladders: a participant where they have none
 * (written like the demo ladder's, announced to trade by the start-up backfill), then one upload through
 * the same use case as the launcher's. Running it again changes nothing (the batch is recognised).
 */
export async function seedDemoStashes(ctx: StashContext): Promise<{ participants: number; items: number }> {
  let participants = 0;
  let items = 0;
  for (const seasonId of TRADE_LADDERS) {
    const season = await ctx.season.models.Season.findById(seasonId, { outbox: 0 }).lean<SeasonDoc>();
    if (!season) continue;
    for (const [i, username] of DEMO_PLAYERS.entries()) {
      let participant = await ctx.season.models.Participant.findOne(
        { seasonId, usernameKey: username },
        { outbox: 0, challenges: 0 },
      ).lean<ParticipantDoc>();
      if (!participant) {
        const doc = {
          _id: seasonId * 100_000 + 90_001 + i,
          seasonId,
          userId: `demo-${username}`,
          username,
          usernameKey: username,
          joinedAt: season.startsAt,
          rev: 0,
          challenges: [],
          outbox: [],
        };
        try {
          await ctx.season.models.Participant.collection.insertOne(doc as never);
          await bumpSeasonView(ctx.season, seasonId);
          participants += 1;
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        participant = await ctx.season.models.Participant.findOne(
          { seasonId, usernameKey: username },
          { outbox: 0, challenges: 0 },
        ).lean<ParticipantDoc>();
      }
      const result = await uploadItems(ctx, { participant: participant!, season }, demoBatch(i), 'demo-seed');
      items += result.stored;
    }
  }
  return { participants, items };
}
