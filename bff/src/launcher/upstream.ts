import type { Request, Response } from 'express';
import { cameOverHttps } from '../security/client';
import { absorbToken, carryToken } from '../proxy/consistency';

/** Where the launcher's composed calls go. */
export interface LauncherUpstreams {
  account: string;
  season: string;
  files: string;
  chat: string;
}

export interface Upstream {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T>(): T | undefined;
}

/**
 * Headers carried from the launcher's request to a service: its bearer, the client address, the request id,
 * and its read-your-writes token (proxy/consistency.ts).
 */
export function forwardHeaders(req: Request, res?: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] = req.protocol;
  const id = res?.getHeader('x-request-id');
  if (id) headers['x-request-id'] = String(id);
  const token = carryToken(req);
  if (token) headers['x-consistency'] = token;
  return headers;
}

export async function call(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    timeoutMs?: number;
    /** A write made for this request: its answer's read-your-writes token goes into the request's answer. */
    for?: { req: Request; res: Response };
  } = {},
): Promise<Upstream> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (init.for) absorbToken(init.for.req, init.for.res, res.headers.get('x-consistency'), cameOverHttps(init.for.req));
  return {
    status: res.status,
    headers: res.headers,
    body,
    text: () => body.toString('utf8'),
    json<T>() {
      try {
        return body.length ? (JSON.parse(body.toString('utf8')) as T) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Hands a service's answer back as it came (status, content type, body). */
export function relay(res: Response, up: Upstream): void {
  const type = up.headers.get('content-type');
  if (type) res.setHeader('content-type', type);
  if (up.status === 204) {
    res.status(204).end();
    return;
  }
  res.status(up.status).send(up.body);
}
