import { randomBytes } from 'node:crypto';
import { GameNames, type GameDataSet } from '@league/gamefiles';
import {
  createLogger,
  followGameData,
  OutboxRelay,
  redisSubscriber,
  startService,
  type GameData,
  type RunningService,
} from '@league/platform';
import { loadServiceConfig, seedsDemo } from './config';
import { tradeModels, type TradeModels } from './data/models';
import { RedisPush } from './data/push';
import { RedisSettlementSignals } from './data/settlement-signals';
import { MongoTradeStore } from './data/store';
import { MongoSavedSearchStore, RedisSavedSearchSync, savedSearchModel } from './data/saved-search-store';
import { SavedSearchIndex } from './domain/saved-search-index';
import { SavedSearchService, type SavedSearchDoc } from './domain/saved-searches';
import { subscribeListingOpened } from './events/saved-search-consumer';
import { savedSearchApi } from './http/saved-searches.routes';
import { SearchIndex } from './domain/search-index';
import type { TradeContext } from './domain/context';
import { subscribeSeasonEvents } from './events/consumers';
import { followListingEvents } from './events/search-index-follower';
import { tradeApi } from './http/trade.routes';
import { seedDemoListings } from './seed';

export interface TradeRunning extends RunningService {
  /** The trading post's use cases' context (store, locks, push, relay nudge, clock, search index). */
  ctx: TradeContext;
  store: MongoTradeStore;
  models: TradeModels;
  index: SearchIndex;
  relay: OutboxRelay;
  /** Reloads the search index from the store in full (as at start). */
  reloadIndex: () => Promise<void>;
  /** Saved searches that keep watching (issue 20). */
  savedSearches: SavedSearchService;
  savedSearchIndex: SavedSearchIndex<SavedSearchDoc>;
  /** The published game data of each branch, followed from files' events (issue 32). */
  gameData: GameData<GameNames>;
}

/** Starts the trade service: listings, offers, buyouts, the settlement saga, notifications and blocks. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<TradeRunning> {
  const config = loadServiceConfig(env);
  const logger = createLogger('trade', config.LOG_LEVEL);
  const prefix = config.TRADE_REDIS_PREFIX ?? `trade:${config.MONGO_DB}:`;
  const instance = randomBytes(6).toString('hex');
  let gameData!: GameData<GameNames>;
  const names = (branch: 'prod' | 'beta') => gameData?.names(branch);
  const index = new SearchIndex(names);
  let ctx!: TradeContext;
  let store!: MongoTradeStore;
  let models!: TradeModels;
  let relay!: OutboxRelay;
  let push!: RedisPush;
  let settlements!: RedisSettlementSignals;
  let reloadIndex!: () => Promise<void>;
  const savedSearchIndex = new SavedSearchIndex<SavedSearchDoc>();
  let savedSearches!: SavedSearchService;
  let savedSearchSync!: RedisSavedSearchSync;

  const running = await startService({
    name: 'trade',
    config,
    logger,
    background: async (engines) => {
      models = tradeModels(engines.mongo);
      await Promise.all(Object.values(models).map((m) => m.init()));
      store = new MongoTradeStore(models, engines.redis, prefix);
      await store.initSequences();
      // Before the index loads, so that it is named from the sets published so far.
      gameData = await followGameData(
        engines,
        config,
        `${config.TRADE_CONSUMER_GROUP}-game-data`,
        (set) => new GameNames(set as GameDataSet),
      );
      // A set published (or promoted) after start: the listings of its branch are named and filtered anew.
      gameData.onChange((branch, version) => {
        const started = Date.now();
        index
          .rename()
          .then((renamed) =>
            logger.info(
              { branch, version, renamed, ms: Date.now() - started },
              'search index named from new game data',
            ),
          )
          .catch((err: unknown) => logger.warn({ err, branch, version }, 'search index rename failed'));
      });
      // Use cases name the listing or offer they wrote, and the relay reads that one by _id. The sweep for
      // what a crash or a failed kick left behind reads whole collections on FerretDB (no index serves it),
      // so it runs at start and then once a minute.
      relay = new OutboxRelay({
        bus: engines.bus,
        logger,
        models: [models.Listing, models.Offer],
        sweepIntervalMs: 60_000,
        locks: engines.locks,
      });
      push = new RedisPush(engines.redis, redisSubscriber(config.REDIS_URL), prefix, instance, logger);
      settlements = new RedisSettlementSignals(engines.redis, prefix, logger);
      const indexListing = async (id: number) => index.put(await store.listing(id), id);
      ctx = {
        store,
        locks: engines.locks,
        logger,
        push,
        publishSoon: (written) =>
          relay.kick(
            'listing' in written
              ? { model: models.Listing, id: written.listing }
              : { model: models.Offer, id: written.offer },
          ),
        indexListing,
        now: () => new Date(),
        names,
        index,
        // Read-your-writes (README): read models caught up before a refusal; buyouts answer once settled.
        catchUp: (topics) => engines.consistency.catchUp(topics),
        settlements,
        settlementWaitMs: config.TRADE_SETTLEMENT_WAIT_MS,
      };
      reloadIndex = async () => {
        const started = Date.now();
        // Built off to the side in chunks, so that naming every listing never holds the event loop.
        if (await index.reload(await store.openListings()))
          logger.info({ listings: index.size, ms: Date.now() - started }, 'search index loaded');
      };
      await reloadIndex();
      await push.start((id) => {
        indexListing(id).catch((err: unknown) => logger.warn({ err, id }, 'search index refresh failed'));
      });
      const resync =
        config.TRADE_INDEX_RESYNC_MS > 0
          ? setInterval(() => {
              reloadIndex().catch((err: unknown) => logger.warn({ err }, 'search index resync failed'));
            }, config.TRADE_INDEX_RESYNC_MS)
          : undefined;
      resync?.unref();
      relay.start();
      await subscribeSeasonEvents(engines.bus, ctx, config.TRADE_CONSUMER_GROUP);
      // This replica's index follows trade's listing events too, so a search can wait for a reader's own listing.
      await followListingEvents(engines.bus, indexListing, `${config.TRADE_CONSUMER_GROUP}.index.${instance}`);

      // Saved searches: their own collection, index, cross-replica refresh and listing-opened consumer.
      const searchModel = savedSearchModel(engines.mongo);
      await searchModel.init();
      const searchStore = new MongoSavedSearchStore(searchModel, models.Notification, engines.redis, prefix);
      await searchStore.initSequence();
      savedSearchSync = new RedisSavedSearchSync(
        engines.redis,
        redisSubscriber(config.REDIS_URL),
        prefix,
        instance,
        logger,
      );
      savedSearches = new SavedSearchService(
        {
          store: searchStore,
          trade: store,
          locks: engines.locks,
          logger,
          push,
          sync: savedSearchSync,
          now: () => new Date(),
          names,
          catchUp: (topics) => engines.consistency.catchUp(topics),
        },
        savedSearchIndex,
      );
      await savedSearches.reload();
      await savedSearchSync.start((id) => {
        savedSearches.refresh(id).catch((err: unknown) => logger.warn({ err, id }, 'saved search refresh failed'));
      });
      const searchResync =
        config.TRADE_INDEX_RESYNC_MS > 0
          ? setInterval(() => {
              savedSearches.reload().catch((err: unknown) => logger.warn({ err }, 'saved search resync failed'));
            }, config.TRADE_INDEX_RESYNC_MS)
          : undefined;
      searchResync?.unref();
      await subscribeListingOpened(engines.bus, savedSearches, config.TRADE_CONSUMER_GROUP);

      let seedTimer: NodeJS.Timeout | undefined;
      if (seedsDemo(config)) {
        const deadline = Date.now() + 10 * 60_000;
        const attempt = async () => {
          const r = await seedDemoListings(ctx);
          if (r.created) logger.info(r, 'trade demo listings created');
          if (r.waitingFor.length && Date.now() < deadline)
            seedTimer = setTimeout(() => void attempt().catch(() => undefined), 5_000);
        };
        seedTimer = setTimeout(
          () => void attempt().catch((err: unknown) => logger.warn({ err }, 'demo seed failed')),
          2_000,
        );
      }
      return async () => {
        if (seedTimer) clearTimeout(seedTimer);
        if (resync) clearInterval(resync);
        if (searchResync) clearInterval(searchResync);
        settlements.close();
        await savedSearchSync.stop();
        await push.stop();
        await relay.stop();
        await gameData.stop();
      };
    },
    apis: (engines) => [tradeApi(ctx, engines.auth, push), savedSearchApi(savedSearches, engines.auth)],
  });
  return { ...running, ctx, store, models, index, relay, reloadIndex, savedSearches, savedSearchIndex, gameData };
}
