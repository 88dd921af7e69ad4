import {
  catalogueItemSchema,
  encounterSchema,
  idParamsSchema,
  monsterSchema,
  nodeOwnerQuerySchema,
  saveEncounterBodySchema,
  saveItemBodySchema,
  saveMonsterBodySchema,
  saveNodeBodySchema,
  savedNodeSchema,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import { deleteItem, saveItem } from '../domain/catalogue/items';
import { deleteEncounter, deleteMonster, saveEncounter, saveMonster } from '../domain/catalogue/monsters';
import { deleteNode, ownerOf, saveNode } from '../domain/catalogue/nodes';
import type { CatalogueDeps } from '../domain/catalogue/ports';

const tags = ['catalogue admin'];
const auth = { roles: ['admin'] };

/** Catalogue editing: admins only (401 without a token, 403 without the role). */
export function adminCatalogueRoutes(deps: CatalogueDeps, authenticator: Authenticator): Api {
  return new Api(authenticator)
    .route(
      {
        method: 'post',
        path: '/admin/item',
        summary: "Create (itemId 0) or update an item; a new one is 'New Item', active, level 94",
        tags,
        auth,
        body: saveItemBodySchema,
        response: catalogueItemSchema,
      },
      ({ body }) => saveItem(deps, body),
    )
    .route(
      {
        method: 'delete',
        path: '/admin/item/:id',
        summary: 'Delete an item and its nodes',
        tags,
        auth,
        params: idParamsSchema,
      },
      ({ params }) => deleteItem(deps, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/admin/encounter',
        summary: 'Create (encounterId 0) or update an encounter',
        tags,
        auth,
        body: saveEncounterBodySchema,
        response: encounterSchema,
      },
      ({ body }) => saveEncounter(deps, body),
    )
    .route(
      {
        method: 'delete',
        path: '/admin/encounter/:id',
        summary: 'Delete an encounter that has no monsters',
        tags,
        auth,
        params: idParamsSchema,
      },
      ({ params }) => deleteEncounter(deps, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/admin/monster',
        summary: 'Create (monsterId 0; with parentMonsterId a minion) or update a monster',
        tags,
        auth,
        body: saveMonsterBodySchema,
        response: monsterSchema,
      },
      ({ body }) => saveMonster(deps, body),
    )
    .route(
      {
        method: 'delete',
        path: '/admin/monster/:id',
        summary: 'Delete a monster without minions, with its attacks and passives',
        tags,
        auth,
        params: idParamsSchema,
      },
      ({ params }) => deleteMonster(deps, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/admin/node',
        summary: 'Create (nodeId 0) or update an item or monster node; the HTML is sanitised',
        tags,
        auth,
        body: saveNodeBodySchema,
        response: savedNodeSchema,
      },
      ({ body }) => saveNode(deps, body),
    )
    .route(
      {
        method: 'delete',
        path: '/admin/node/:id',
        summary: 'Delete a node (and its children) of the named item or monster',
        tags,
        auth,
        params: idParamsSchema,
        query: nodeOwnerQuerySchema,
      },
      ({ params, query }) => deleteNode(deps, params.id, ownerOf(query)),
    );
}
