import {
  accountStatusSchema,
  changePasswordBodySchema,
  credentialsBodySchema,
  emailQuerySchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  patreonCodeQuerySchema,
  refreshTokenBodySchema,
  registerUserBodySchema,
  tokenResponseSchema,
  usernameAvailabilitySchema,
  usernameQuerySchema,
  z,
} from '@league/contracts';
import { Api, type Authenticator } from '@league/platform';
import type { Request, Response } from 'express';
import type { AccountDeps } from '../domain/deps';
import { InvalidGrantError, login } from '../domain/login';
import { changePassword, requestResetCode } from '../domain/password-reset';
import { checkUsername, connectPatreon } from '../domain/profile';
import { registerUser } from '../domain/register-user';
import { refreshSession } from '../domain/sessions';

const tags = ['account'];

/** Tokens must never sit in a shared cache. */
const noStore = (res: Response) => res.setHeader('cache-control', 'no-store');

async function answerLogin(
  deps: AccountDeps,
  body: { username: string; password: string },
  req: Request,
  res: Response,
  adminOnly: boolean,
) {
  noStore(res);
  try {
    return await login(deps, { ...body, ip: req.ip ?? 'unknown', adminOnly });
  } catch (err) {
    if (!(err instanceof InvalidGrantError)) throw err;
    // The OAuth shape the frontend matches on (spec §8), with the house `message` beside it.
    res
      .status(400)
      .json({ error: 'invalid_grant', error_description: 'invalid_username_or_password', message: err.message });
    return undefined;
  }
}

export function accountRoutes(deps: AccountDeps, auth: Authenticator): Api {
  const api = new Api(auth);
  api.route(
    {
      method: 'post',
      path: '/account/register-user',
      summary: 'Register a player',
      tags,
      body: registerUserBodySchema,
      response: messageResponseSchema,
    },
    async ({ body }) => {
      const user = await registerUser(deps, body);
      return { message: `Welcome, ${user.username}: your account is ready` };
    },
  );
  api.route(
    {
      method: 'post',
      path: '/account/login',
      summary: 'Log in (site and launcher); 400 invalid_grant on bad credentials',
      tags,
      body: credentialsBodySchema,
      response: tokenResponseSchema,
    },
    ({ body, req, res }) => answerLogin(deps, body, req, res, false),
  );
  api.route(
    {
      method: 'post',
      path: '/account/admin-login',
      summary: 'Log in to the admin pages; 403 for non-admins',
      tags,
      body: credentialsBodySchema,
      response: tokenResponseSchema,
    },
    ({ body, req, res }) => answerLogin(deps, body, req, res, true),
  );
  api.route(
    {
      method: 'post',
      path: '/account/refresh-token',
      summary: 'Rotate a refresh token for new tokens',
      tags,
      body: refreshTokenBodySchema,
      response: tokenResponseSchema,
    },
    ({ body, res }) => {
      noStore(res);
      return refreshSession(deps, body);
    },
  );
  api.route(
    {
      method: 'post',
      path: '/account/forgot-password',
      summary: 'Mail a password reset code',
      tags,
      body: forgotPasswordBodySchema,
      response: messageResponseSchema,
    },
    ({ body }) => requestResetCode(deps, body.email),
  );
  api.route(
    {
      method: 'get',
      path: '/account/request-token',
      summary: 'Mail a new password reset code',
      tags,
      query: emailQuerySchema,
      response: messageResponseSchema,
    },
    ({ query }) => requestResetCode(deps, query.email),
  );
  api.route(
    {
      method: 'post',
      path: '/account/change-password',
      summary: 'Set a new password with a mailed code',
      tags,
      body: changePasswordBodySchema,
      response: messageResponseSchema,
    },
    ({ body }) => changePassword(deps, body),
  );
  api.route(
    {
      method: 'get',
      path: '/account/check-username',
      summary: 'Whether a username is free',
      tags,
      query: usernameQuerySchema,
      response: usernameAvailabilitySchema,
    },
    ({ query }) => checkUsername(deps, query.username),
  );
  api.route(
    {
      method: 'get',
      path: '/account/patreon-authorize-url',
      summary: "Patreon's authorize page for this site, where connecting starts (503 when not configured)",
      tags,
      auth: 'required',
      response: z.object({ url: z.string() }),
    },
    () => ({ url: deps.patreon.authorizeLink() }),
  );
  api.route(
    {
      method: 'post',
      path: '/account/connect-patreon',
      summary: 'Link a Patreon account with an OAuth code',
      tags,
      auth: 'required',
      query: patreonCodeQuerySchema,
      response: z.object({ message: z.string(), isPatreonConnected: z.boolean() }),
    },
    ({ query, user }) => connectPatreon(deps, user!, query.code),
  );
  api.route(
    {
      method: 'get',
      path: '/account/status',
      summary: 'Online check (the launcher polls it)',
      tags,
      response: accountStatusSchema,
    },
    () => ({ status: 'online' as const }),
  );
  return api;
}
