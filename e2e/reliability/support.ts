import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Plain-fetch helpers for the API-level reliability checks: they talk to the BFF on BASE_URL exactly as
 * the launcher and scripts do (a bearer token, no cookies, so the double-submit CSRF check does not
 * apply), with every answer bounded in time so a hang fails the test instead of stalling it.
 */

export const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
export const api = (route: string) => `${BASE_URL}/api${route.startsWith('/') ? route : `/${route}`}`;

const localFile = (name: string) => path.resolve(__dirname, '../../.local', name);
/** The seeded passwords (the account seed writes them; tools/scripts/test.mjs seeds before the run). */
export const password = (username: string) =>
  readFileSync(localFile(username === 'admin' ? 'admin-password.txt' : 'demo-password.txt'), 'utf8').trim();

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  ms: number;
}

export interface Send {
  method?: string;
  token?: string;
  /** A JSON body (serialised here) … */
  json?: unknown;
  /** … or raw bytes with their content type. */
  raw?: { data: Buffer | string; contentType: string };
  headers?: Record<string, string>;
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One request. A server-sent event stream is not read (its headers are the answer). The BFF's global
 * per-address limit is respected, not worked around: a 429 from it waits out Retry-After and asks again.
 */
export async function send(route: string, opts: Send = {}): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.raw) {
      headers['content-type'] = opts.raw.contentType;
      body = typeof opts.raw.data === 'string' ? opts.raw.data : Uint8Array.from(opts.raw.data);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 30_000);
    const started = Date.now();
    try {
      const res = await fetch(route.startsWith('http') ? route : api(route), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      const contentType = res.headers.get('content-type') ?? '';
      let text = '';
      if (contentType.includes('text/event-stream')) controller.abort();
      else text = await res.text();
      const ms = Date.now() - started;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const globalLimit =
        res.status === 429 && /from your address/.test(String((json as { message?: unknown })?.message));
      if (globalLimit && attempt < 3) {
        await sleep(Math.min(65, Number(res.headers.get('retry-after') ?? 5)) * 1000);
        continue;
      }
      return { status: res.status, contentType, text, json, ms };
    } catch (err) {
      if (controller.signal.aborted)
        throw new Error(`${opts.method ?? 'GET'} ${route}: no answer within ${opts.timeoutMs ?? 30_000} ms`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The `{ message }` every refusal carries (a string, not empty). */
export function messageOf(a: Answer): string | undefined {
  const m = (a.json as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' && m.length > 0 ? m : undefined;
}

/** A short description of an answer for failure output. */
export const show = (a: Answer) => `${a.status} ${a.text.slice(0, 160)}`;

const tokens = new Map<string, Promise<string>>();
/** A bearer token for a seeded user (one login per user and test file). */
export function tokenOf(username: string): Promise<string> {
  let t = tokens.get(username);
  if (!t) {
    t = (async () => {
      const a = await send('/account/login', {
        method: 'POST',
        json: { username, password: password(username) },
      });
      const token = (a.json as { access_token?: string } | undefined)?.access_token;
      if (a.status !== 200 || !token) throw new Error(`login ${username}: ${show(a)}`);
      return token;
    })();
    tokens.set(username, t);
  }
  return t;
}

/** A GET that must answer 200 with JSON. */
export async function getJson<T>(route: string, token?: string): Promise<T> {
  const a = await send(route, { token });
  if (a.status !== 200) throw new Error(`GET ${route}: ${show(a)}`);
  return a.json as T;
}

export interface Participation {
  seasonParticipantId: number;
  seasonId: number;
}

export async function participations(token: string): Promise<Participation[]> {
  const p = await getJson<{ seasonParticipants: Participation[] }>('/season/profile?branch=prod', token);
  return p.seasonParticipants;
}

/** A multipart/form-data body built by hand (the launcher's uploads), so the bytes are exactly ours. */
export function multipart(
  parts: Array<{ name: string; data: Buffer | string; filename?: string; contentType?: string }>,
): { data: Buffer; contentType: string } {
  const boundary = `----e2e${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ?? (p.filename !== undefined ? 'application/octet-stream' : undefined);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
        'utf8',
      ),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The launcher-format save and stash the demo's player3 syncs (packages/gamefiles fixtures). */
export const fixture = (name: string) =>
  readFileSync(path.resolve(__dirname, '../../packages/gamefiles/test/fixtures/gd/gd-cli', name));
