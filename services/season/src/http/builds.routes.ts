import { idParam, saveBuildBody, saveScreenshotBody, seasonIdParams, z } from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import {
  deleteBuild,
  deleteScreenshot,
  participantBuilds,
  participantScreenshots,
  saveBuild,
  saveScreenshot,
  seasonBuilds,
} from '../domain/builds';
import type { SeasonContext } from '../domain/context';
import { assertParticipantVisible } from '../domain/seasons';

const idParams = z.object({ id: idParam });

export function buildsApi(ctx: SeasonContext, auth: Authenticator): Api {
  return new Api(auth)
    .route(
      {
        method: 'get',
        path: '/season/:id/builds',
        summary: "Every build of a season's participants",
        tags: ['builds'],
        auth: 'optional',
        params: seasonIdParams,
      },
      ({ params, user }) => seasonBuilds(ctx, params.id, user),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/builds',
        summary: "A participant's builds (a beta season's: testers and admins only)",
        tags: ['builds'],
        auth: 'optional',
        params: idParams,
      },
      async ({ params, user }) => {
        await assertParticipantVisible(ctx, params.id, user);
        return participantBuilds(ctx, params.id);
      },
    )
    .route(
      {
        method: 'post',
        path: '/season/build',
        summary: 'Create (id 0) or update one of your builds',
        tags: ['builds'],
        auth: 'required',
        body: saveBuildBody,
      },
      ({ body, user }) => saveBuild(ctx, user!, body),
    )
    .route(
      {
        method: 'delete',
        path: '/season/build/:id',
        summary: 'Delete one of your builds',
        tags: ['builds'],
        auth: 'required',
        params: idParams,
      },
      ({ params, user }) => deleteBuild(ctx, user!, params.id),
    )
    .route(
      {
        method: 'get',
        path: '/season/participant/:id/screenshots',
        summary: "A participant's screenshots (a beta season's: testers and admins only)",
        tags: ['screenshots'],
        auth: 'optional',
        params: idParams,
      },
      async ({ params, user }) => {
        await assertParticipantVisible(ctx, params.id, user);
        return participantScreenshots(ctx, params.id);
      },
    )
    .route(
      {
        method: 'post',
        path: '/season/screenshot',
        summary: 'Add (id 0) or change one of your screenshots',
        tags: ['screenshots'],
        auth: 'required',
        body: saveScreenshotBody,
      },
      ({ body, user }) => saveScreenshot(ctx, user!, body),
    )
    .route(
      {
        method: 'delete',
        path: '/season/screenshot/:id',
        summary: 'Delete one of your screenshots',
        tags: ['screenshots'],
        auth: 'required',
        params: idParams,
      },
      ({ params, user }) => deleteScreenshot(ctx, user!, params.id),
    );
}
