import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningService } from '@league/platform';
import { callJson, testEnv } from '@league/platform/testing';
import { start } from '../../src/server';
import { eventually } from '@league/platform/testing';

/** A fresh Ed25519 key in a temp file, as docker compose and k8s mount one. */
export function tempKeyFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-key-'));
  const file = path.join(dir, 'jwt.pem');
  const { privateKey } = generateKeyPairSync('ed25519');
  fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  return file;
}

/** The account service on port 0 with its own database, key and mail queue. */
export function startAccount(extra: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  return start(
    testEnv('account', {
      JWT_PRIVATE_KEY_FILE: tempKeyFile(),
      MAIL_QUEUE: `account-mail-test-${randomUUID().slice(0, 8)}`,
      ...extra,
    }),
  );
}

export async function stopAccount(svc: RunningService | undefined) {
  await svc?.mongo.dropDatabase().catch(() => undefined);
  await svc?.stop();
}

/** A username no other run uses (the rules allow 20 characters). */
export const uniqueName = (prefix = 'u') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
export const emailFor = (username: string) => `${username.toLowerCase()}@example.test`;
export const PASSWORD = 'correct-horse-1';

// Test bodies are read field by field; typing each answer would only restate the expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny client: JSON in, JSON (or text) out, an optional bearer token. */
export function client(baseUrl: string) {
  const call = (method: string, p: string, body?: unknown, token?: string): Promise<Reply> =>
    callJson(baseUrl, method, p, { body, token });
  return {
    baseUrl,
    get: (p: string, token?: string) => call('GET', p, undefined, token),
    post: (p: string, body?: unknown, token?: string) => call('POST', p, body, token),
  };
}
export type Client = ReturnType<typeof client>;

/**
 * A POST as if it came through the BFF from client address `ip` (the service trusts X-Forwarded-For
 * from loopback, as from the BFF); distinct addresses keep tests apart from each other's limits.
 */
export async function postFrom(baseUrl: string, ip: string, p: string, body: unknown): Promise<Reply> {
  const res = await fetch(`${baseUrl}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* plain text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

let nextAddress = 1;
/** A client address no other test in this process uses (198.18.0.0/15, the range set aside for testing). */
export const freshIp = () => {
  const n = nextAddress++;
  return `198.${18 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
};

/** Registers a user and logs in; `roles` are written straight to the store (how an operator makes an admin). */
export async function signedUp(svc: RunningService, api: Client, roles: string[] = [], username = uniqueName()) {
  const email = emailFor(username);
  // From an address of its own, so setting up users never spends a test's registration budget.
  const reg = await postFrom(api.baseUrl, freshIp(), '/account/register-user', { username, email, password: PASSWORD });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (roles.length) {
    // Written outside the service, so wait until its relay is done with the document: FerretDB does not
    // isolate concurrent updates of one document (the service's writes take the platform lock).
    const users = svc.mongo.collection('users');
    await eventually(async () => (await users.findOne({ usernameKey: username.toLowerCase() }))?.outbox.length === 0);
    await users.updateOne({ usernameKey: username.toLowerCase() }, { $set: { roles } });
  }
  const login = await api.post('/account/login', { username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    username,
    email,
    access: login.body.access_token as string,
    refresh: login.body.refresh_token as string,
    role: login.body.role as string,
  };
}

export { eventually };

const MAILPIT = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';

interface MailSummary {
  ID: string;
  Created: string;
}

/** Every mail Mailpit caught for an address, newest first. */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  const res = await fetch(`${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  const body = (await res.json()) as { messages: MailSummary[] };
  return body.messages;
}

/** Waits for the n-th mail to an address and reads the 6-digit code out of its text. */
export async function resetCodeFor(address: string, nth = 1): Promise<string> {
  const mails = await eventually(async () => {
    const m = await mailsTo(address);
    return m.length >= nth ? m : undefined;
  });
  const newest = mails[0]!;
  const msg = (await (await fetch(`${MAILPIT}/api/v1/message/${newest.ID}`)).json()) as { Text: string };
  const code = /reset code is (\d{6})/.exec(msg.Text)?.[1];
  if (!code) throw new Error(`no code in mail: ${msg.Text}`);
  return code;
}
