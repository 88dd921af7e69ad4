import { callJson, startTestIdentity, testEnv, type TestIdentity } from '@league/platform/testing';
import type { RunningService } from '@league/platform';
import { start } from '../src/server';

// Answers are checked field by field in the tests; a loose type keeps them readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

export interface CatalogueHarness {
  svc: RunningService;
  identity: TestIdentity;
  admin: string;
  player: string;
  get: (path: string, token?: string) => Promise<{ status: number; body: Body }>;
  send: (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; body: Body }>;
  close: () => Promise<void>;
}

/** Boots the season service on port 0 with its own database, trusting a test identity's tokens. */
export async function bootCatalogue(): Promise<CatalogueHarness> {
  const identity = await startTestIdentity();
  const svc = await start(testEnv('season', { JWKS_URL: identity.jwksUrl }));
  const suffix = Math.random().toString(36).slice(2, 8);
  const admin = await identity.token({ username: `Admin_${suffix}`, roles: ['admin'] });
  const player = await identity.token({ username: `Player_${suffix}` });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const { status, body: answer } = await callJson(svc.url, method, path, { body, token });
    return { status, body: answer };
  };
  return {
    svc,
    identity,
    admin,
    player,
    get: (path, token) => call('GET', path, undefined, token),
    send: call,
    close: async () => {
      await svc.mongo.dropDatabase().catch(() => undefined);
      await svc.stop();
      await identity.close();
    },
  };
}
