import {
  idParam,
  itemStatsSchema,
  pullItemsBodySchema,
  stashBranchQuerySchema,
  stashItemSchema,
  stashPageSchema,
  stashQuerySchema,
  stashUploadBodySchema,
  stashUploadResultSchema,
  toggleTransferQuerySchema,
  tradeCurrenciesSchema,
  transferQueueSchema,
  z,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import type { StashContext } from '../domain/stash/context';
import {
  exportCloudStash,
  listStash,
  pullItems,
  stashItemStats,
  toggleTransfer,
  tradeCurrencies,
  transferQueue,
  uploadToStash,
} from '../domain/stash/stash';

const idParams = z.object({ id: idParam });
const toggleParams = z.object({ id: idParam, itemId: idParam });
const tags = ['stash'];
const auth = 'required' as const;
const owner = { 403: 'Not your stash (owner or admin only)', 404: 'Unknown participant or item' };

/** The cloud stash: the launcher's upload, queue and pull, and the site's stash views (owner or admin only). */
export function stashApi(ctx: StashContext, authenticator: Authenticator): Api {
  return new Api(authenticator)
    .route(
      {
        method: 'post',
        path: '/season/participant/:id/stash',
        summary: "The launcher's upload (tab 6 → cloud): the whole batch or nothing; a repeated batch is stored once",
        tags,
        auth,
        params: idParams,
        query: stashBranchQuerySchema,
        body: stashUploadBodySchema,
        response: stashUploadResultSchema,
        errors: { ...owner, 400: 'A bad item, or the cloud stash is full (the launcher refunds the items)' },
      },
      ({ params, body, user, req }) =>
        uploadToStash(
          ctx,
          user,
          params.id,
          body,
          req.header('x-requestid') ?? req.header('idempotency-key') ?? undefined,
          // The BFF's shared-stash upload says so; anything else is the launcher's cloud upload. Only the label
          // an admin sees depends on it.
          req.header('x-upload-channel') === 'shared-stash' ? 'shared-stash' : 'cloud-upload',
        ),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/transfer-queue',
        summary: 'Items waiting for the game (always an array, [] when empty)',
        tags,
        auth,
        params: idParams,
        query: stashBranchQuerySchema,
        response: transferQueueSchema,
        errors: owner,
      },
      ({ params, user }) => transferQueue(ctx, user, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/season/participant/:id/pull-items',
        summary: 'The launcher placed these queued items into the game: they leave the cloud stash (idempotent)',
        tags,
        auth,
        params: idParams,
        query: stashBranchQuerySchema,
        body: pullItemsBodySchema,
        errors: owner,
      },
      ({ params, body, user }) => pullItems(ctx, user, params.id, body),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/stash',
        summary: 'A page of the cloud stash or (transfer=true) the transfer queue; capacity 0 = unlimited',
        tags,
        auth,
        params: idParams,
        query: stashQuerySchema,
        response: stashPageSchema,
        errors: owner,
      },
      ({ params, query, user, req }) => listStash(ctx, user, params.id, query, req.header('accept-language')),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/trade-currencies',
        summary: 'The 27 currencies and their balances (trade seasons only; a hardcore SSF ladder is 400)',
        tags,
        auth,
        params: idParams,
        query: stashBranchQuerySchema,
        response: tradeCurrenciesSchema,
        errors: owner,
      },
      ({ params, user }) => tradeCurrencies(ctx, user, params.id),
    )
    .route(
      {
        method: 'post',
        path: '/season/participant/:id/toggle-transfer/:itemId',
        summary: 'Queue a stack (or withdrawAmount of it) for the game, or put a queued item back',
        tags,
        auth,
        params: toggleParams,
        query: toggleTransferQuerySchema,
        response: stashItemSchema,
        errors: { ...owner, 409: 'The item is reserved for trade (listed or offered)' },
      },
      ({ params, query, user, req }) =>
        toggleTransfer(ctx, user, params.id, params.itemId, query.withdrawAmount, req.header('accept-language')),
    )
    .route(
      {
        method: 'get',
        path: '/season/stash-item/:id/stats',
        summary: "A stash item's display and stat lines (GET /season/item/{id}/stats is the catalogue's)",
        tags,
        auth,
        params: idParams,
        response: itemStatsSchema,
        errors: owner,
      },
      ({ params, user, req }) => stashItemStats(ctx, user, params.id, req.header('accept-language')),
    )
    .route(
      {
        method: 'get',
        path: '/season/season-participant/:id/export-cloud-stash',
        summary: 'Every item of the cloud stash, currencies included, as an Item Assistant .ias file',
        tags,
        auth,
        params: idParams,
        errors: owner,
      },
      async ({ params, user, res }) => {
        const file = await exportCloudStash(ctx, user, params.id);
        res
          .status(200)
          .type('application/octet-stream')
          .setHeader('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
          .send(file.body);
        return undefined;
      },
    );
}
