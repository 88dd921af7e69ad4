import {
  duplicateIdParams,
  duplicatesQuerySchema,
  suspectedDuplicateSchema,
  suspectedDuplicatesPageSchema,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import type { StashContext } from '../domain/stash/context';
import { decideDuplicate, listDuplicates } from '../domain/stash/duplicates';

const tags = ['admin'];
const admin = { roles: ['admin'] };

/** The admin's "Suspected duplicates" (README "Suspected duplicates"): the held copies, Release and Remove. */
export function duplicatesApi(ctx: StashContext, auth: Authenticator): Api {
  return new Api(auth)
    .route(
      {
        method: 'get',
        path: '/admin/duplicates',
        summary:
          'Copies held at upload as suspected duplicates, one page (held ones by default, newest first), with both holders and the trades',
        tags,
        auth: admin,
        query: duplicatesQuerySchema,
        response: suspectedDuplicatesPageSchema,
      },
      ({ query, user, req }) => listDuplicates(ctx, user, query, req.header('accept-language')),
    )
    .route(
      {
        method: 'post',
        path: '/admin/duplicates/:id/release',
        summary: 'A chance collision: the held copy becomes a normal item (logged with the admin’s name)',
        tags,
        auth: admin,
        params: duplicateIdParams,
        response: suspectedDuplicateSchema,
        errors: { 404: 'No review of that item', 409: 'The copy was removed already' },
      },
      ({ params, user, req }) => decideDuplicate(ctx, user, params.id, 'released', req.header('accept-language')),
    )
    .route(
      {
        method: 'post',
        path: '/admin/duplicates/:id/remove',
        summary: 'A duplicate: the held copy is deleted and its owner notified (logged with the admin’s name)',
        tags,
        auth: admin,
        params: duplicateIdParams,
        response: suspectedDuplicateSchema,
        errors: { 404: 'No review of that item', 409: 'The copy was released already' },
      },
      ({ params, user, req }) => decideDuplicate(ctx, user, params.id, 'removed', req.header('accept-language')),
    );
}
