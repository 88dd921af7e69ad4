import {
  catalogueItemSchema,
  encounterListSchema,
  idParamsSchema,
  includeInactiveQuerySchema,
  itemListOrPageSchema,
  itemsPageQuerySchema,
  itemStatsSchema,
  monsterListOrPageSchema,
  monsterSchema,
  monstersPageQuerySchema,
  mutatorListSchema,
  statFilterListSchema,
} from '@league/contracts';
import {
  Api,
  hasRole,
  redisChangeToken,
  type Authenticator,
  type AuthUser,
  type ServiceEngines,
} from '@league/platform';
import { catalogueStore } from '../data/catalogue/repositories';
import { cachedCatalogue } from '../domain/catalogue/cache';
import { getItem, getItemStats, listItemsPaged } from '../domain/catalogue/items';
import { getMonster, listEncounters, listMonstersPaged } from '../domain/catalogue/monsters';
import type { CatalogueDeps } from '../domain/catalogue/ports';
import { listMutators, listStatFilters } from '../domain/catalogue/reference';
import type { Viewer } from '../domain/catalogue/rules';
import { adminCatalogueRoutes } from './admin-catalogue.routes';

const tags = ['catalogue'];
// Optional auth: anyone may read, and an admin's token unlocks includeInactive.
const auth = 'optional' as const;
const viewer = (user: AuthUser | undefined): Viewer => ({ isAdmin: hasRole(user, 'admin') });

/** The public catalogue: items, encounters, monsters, Boundless Dungeon mutators and the stat filters. */
export function catalogueRoutes(deps: CatalogueDeps, authenticator: Authenticator): Api {
  return new Api(authenticator)
    .route(
      {
        method: 'get',
        path: '/season/items',
        summary:
          'Catalogue items (search over name, lore and node text; exact type); with page/pageSize one page as { items, itemCount }, sort by name, rarity, type, active, itemId or itemLevel',
        tags,
        auth,
        query: itemsPageQuerySchema,
        response: itemListOrPageSchema,
      },
      ({ query, user }) => listItemsPaged(deps, viewer(user), query),
    )
    .route(
      {
        method: 'get',
        path: '/season/item/:id',
        summary: 'One catalogue item with its nodes',
        tags,
        auth,
        params: idParamsSchema,
        response: catalogueItemSchema,
      },
      ({ params, user }) => getItem(deps, viewer(user), params.id),
    )
    .route(
      {
        method: 'get',
        path: '/season/item/:id/stats',
        summary: "A catalogue item's display: base item, affixes and stat lines",
        tags,
        auth,
        params: idParamsSchema,
        response: itemStatsSchema,
      },
      ({ params, user }) => getItemStats(deps, viewer(user), params.id),
    )
    .route(
      {
        method: 'get',
        path: '/season/encounters',
        summary: 'Encounters',
        tags,
        auth,
        query: includeInactiveQuerySchema,
        response: encounterListSchema,
      },
      ({ query, user }) => listEncounters(deps, viewer(user), query.includeInactive),
    )
    .route(
      {
        method: 'get',
        path: '/season/monsters',
        summary:
          'Monsters (not minions), optionally of one encounter; with page/pageSize one page as { items, itemCount }',
        tags,
        auth,
        query: monstersPageQuerySchema,
        response: monsterListOrPageSchema,
      },
      ({ query, user }) => listMonstersPaged(deps, viewer(user), query),
    )
    .route(
      {
        method: 'get',
        path: '/season/monster/:id',
        summary: 'One monster with its attacks, passives and minions',
        tags,
        auth,
        params: idParamsSchema,
        query: includeInactiveQuerySchema,
        response: monsterSchema,
      },
      ({ params, query, user }) => getMonster(deps, viewer(user), params.id, query.includeInactive),
    )
    .route(
      {
        method: 'get',
        path: '/season/boundless-mutators',
        summary: 'Season 4 Boundless Dungeon mutators',
        tags,
        response: mutatorListSchema,
      },
      () => listMutators(deps),
    )
    .route(
      {
        method: 'get',
        path: '/season/item-filters',
        summary: 'The stat filter catalogue (stats with description, statTag and category)',
        tags,
        response: statFilterListSchema,
      },
      () => listStatFilters(deps),
    );
}

/** The catalogue's public and admin routers over one store: what server.ts adds to its apis. */
export function catalogueApis(engines: ServiceEngines): Api[] {
  const token = redisChangeToken(engines.redis, engines.config.MONGO_DB, 'catalogue');
  const store = catalogueStore(engines.mongo, engines.sequences, token);
  // Public reads and the admin screens share one cache: an admin's write here is seen by the next read.
  const deps = cachedCatalogue(store, store.version);
  return [catalogueRoutes(deps, engines.auth), adminCatalogueRoutes(deps, engines.auth)];
}
