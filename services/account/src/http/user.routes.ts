import {
  activeUserSchema,
  rolesResponseSchema,
  socialsBodySchema,
  socialsSchema,
  supportersResponseSchema,
  userNameParamsSchema,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import type { AccountDeps } from '../domain/deps';
import { activeUser, socialsOf, updateSocials } from '../domain/profile';
import { rolesOf, setSupporter, supporterNames } from '../domain/roles';

const tags = ['user'];
const admin = { roles: ['admin'] };

export function userRoutes(deps: AccountDeps, auth: Authenticator): Api {
  const api = new Api(auth);
  api.route(
    {
      method: 'get',
      path: '/user/active',
      summary: 'The signed-in user',
      tags,
      auth: 'required',
      response: activeUserSchema,
    },
    ({ user }) => activeUser(deps, user!),
  );
  api.route(
    {
      method: 'get',
      path: '/user/:name/socials',
      summary: "A player's Twitch and YouTube links",
      tags,
      params: userNameParamsSchema,
      response: socialsSchema,
    },
    ({ params }) => socialsOf(deps, params.name),
  );
  api.route(
    {
      method: 'post',
      path: '/user/socials',
      summary: 'Update your own socials',
      tags,
      auth: 'required',
      body: socialsBodySchema,
      response: socialsSchema,
    },
    ({ body, user }) => updateSocials(deps, user!, body),
  );
  api.route(
    {
      method: 'get',
      path: '/user/:name/roles',
      summary: "A user's roles (self or admin)",
      tags,
      auth: 'required',
      params: userNameParamsSchema,
      response: rolesResponseSchema,
    },
    ({ params, user }) => rolesOf(deps, user!, params.name),
  );
  api.route(
    {
      method: 'post',
      path: '/user/:name/add-supporter',
      summary: 'Grant supporter_s7',
      tags,
      auth: admin,
      params: userNameParamsSchema,
      response: rolesResponseSchema,
    },
    ({ params }) => setSupporter(deps, params.name, true),
  );
  api.route(
    {
      method: 'post',
      path: '/user/:name/revoke-supporter',
      summary: 'Revoke supporter_s7',
      tags,
      auth: admin,
      params: userNameParamsSchema,
      response: rolesResponseSchema,
    },
    ({ params }) => setSupporter(deps, params.name, false),
  );
  api.route(
    {
      method: 'get',
      path: '/admin/supporters',
      summary: 'Supporter names, for the public supporters page',
      tags,
      response: supportersResponseSchema,
    },
    () => supporterNames(deps),
  );
  return api;
}
