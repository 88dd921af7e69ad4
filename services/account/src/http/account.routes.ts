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
import { RateLimitedError } from '../domain/limits';
import { checkUsername, connectPatreon, patreonAuthorizeUrl } from '../domain/profile';
import { registerPlayer } from '../domain/register-user';
import { endSession, refreshSession } from '../domain/sessions';

const tags = ['account'];

/** Tokens must never sit in a shared cache. */
const noStore = (res: Response) => res.setHeader('cache-control', 'no-store');

/** The client's address as the BFF (a trusted private hop) forwarded it. */
const ipOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** Runs a use case; a 429 it throws carries Retry-After (seconds) beside its `{ message }`. */
async function limited<T>(res: Response, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof RateLimitedError) res.setHeader('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** connect-patreon's query: the code and the `state` the authorize link carried. */
const connectPatreonQuerySchema = patreonCodeQuerySchema.extend({
  state: z.string().min(1, 'state is required').max(200),
});

async function answerLogin(
  deps: AccountDeps,
  body: { username: string; password: string },
  req: Request,
  res: Response,
  adminOnly: boolean,
) {
  noStore(res);
  try {
    return await limited(res, () => login(deps, { ...body, ip: ipOf(req), adminOnly }));
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
      summary: 'Register a player; 409 when the username or email is taken, 429 (Retry-After) when rate limited',
      tags,
      body: registerUserBodySchema,
      response: messageResponseSchema,
    },
    async ({ body, req, res }) => {
      const user = await limited(res, () => registerPlayer(deps, body, ipOf(req)));
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
      path: '/account/logout',
      summary: "Sign out: revoke the refresh token's login (the BFF sends the token from its cookie)",
      tags,
      body: z.object({ refreshToken: z.string().min(1).max(200) }),
      response: messageResponseSchema,
    },
    ({ body, res }) => {
      noStore(res);
      return endSession(deps, body);
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
    ({ body, req, res }) => limited(res, () => requestResetCode(deps, body.email, ipOf(req))),
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
    ({ query, req, res }) => limited(res, () => requestResetCode(deps, query.email, ipOf(req))),
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
    ({ body, req, res }) => limited(res, () => changePassword(deps, body, ipOf(req))),
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
      errors: { 503: 'Patreon connect is not configured on this server' },
      auth: 'required',
      response: z.object({ url: z.string() }),
    },
    ({ user }) => patreonAuthorizeUrl(deps, user!),
  );
  api.route(
    {
      method: 'post',
      path: '/account/connect-patreon',
      summary: "Link a Patreon account with an OAuth code and the authorize link's state (403 when it does not match)",
      tags,
      errors: { 503: 'Patreon connect is not configured on this server' },
      auth: 'required',
      query: connectPatreonQuerySchema,
      response: z.object({ message: z.string(), isPatreonConnected: z.boolean() }),
    },
    ({ query, user }) => connectPatreon(deps, user!, query.code, query.state),
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
