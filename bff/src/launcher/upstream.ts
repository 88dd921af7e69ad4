import type { Request, Response } from 'express';
import { cameOverHttps } from '../security/client';
import { absorbToken, carryToken } from '../proxy/consistency';
import { callService, type Upstream } from '../proxy/upstream-call';

export type { Upstream };

/** Where the launcher's composed calls go. */
export interface LauncherUpstreams {
  account: string;
  season: string;
  files: string;
  chat: string;
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

/** A call of the launcher's: `for` a write made for the launcher's request, whose read-your-writes token goes into its answer. */
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
  const { for: origin, ...request } = init;
  const up = await callService(url, request);
  if (origin) absorbToken(origin.req, origin.res, up.headers.get('x-consistency'), cameOverHttps(origin.req));
  return up;
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
