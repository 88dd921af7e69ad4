import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { errorBodySchema } from '@league/contracts';
import express, { type Express, type Request, type Response, Router } from 'express';
import helmet from 'helmet';
import type { z, ZodTypeAny } from 'zod';
import type { Authenticator, AuthRequirement, AuthUser } from './auth';
import type { Consistency } from './consistency';
import { CONSISTENCY_HEADER } from './consistency-token';
import { currentContext, runWithContext, Writes } from './context';
import { AppError, describeZodError, errorHandler, sendJson } from './errors';
import type { Logger } from './logger';
import { createMetrics, type Metrics } from './metrics';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Infer<T> = T extends ZodTypeAny ? z.infer<T> : undefined;

export interface RouteSpec<B, Q, P> {
  method: Method;
  /** Express path, e.g. `/season/:id/leaderboard`. Matching is case-insensitive (the launcher writes `Season/...`). */
  path: string;
  summary: string;
  tags?: string[];
  auth?: AuthRequirement;
  body?: B;
  query?: Q;
  params?: P;
  response?: ZodTypeAny;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * Failure answers worth naming in the OpenAPI document beyond the ones every route documents (400, 401/403
   * from its auth requirement, and the `default` `{ message }` error), e.g. `{ 503: 'Patreon is not configured' }`.
   */
  errors?: Record<number, string>;
}

export interface RouteInput<B, Q, P> {
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  user: AuthUser | undefined;
  req: Request;
  res: Response;
}

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parse<T extends ZodTypeAny>(schema: T | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw AppError.badRequest(describeZodError(result.error, where));
  return result.data;
}

/**
 * Declares routes once: validation from the contracts' zod schemas, the auth requirement, and the OpenAPI
 * document all come from the same spec. Handlers return the body; throwing AppError sets the status.
 */
export class Api {
  readonly router = Router({ caseSensitive: false });
  readonly registry = new OpenAPIRegistry();

  constructor(private readonly auth?: Authenticator) {
    this.registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
  }

  route<
    B extends ZodTypeAny | undefined = undefined,
    Q extends ZodTypeAny | undefined = undefined,
    P extends ZodTypeAny | undefined = undefined,
  >(spec: RouteSpec<B, Q, P>, handler: (input: RouteInput<B, Q, P>) => unknown): this {
    const requirement = spec.auth ?? 'none';
    if (requirement !== 'none' && !this.auth)
      throw new Error(`route ${spec.path} needs auth but the Api has no Authenticator`);
    const status = spec.status ?? 200;
    const middlewares = requirement === 'none' ? [] : [this.auth!.middleware(requirement)];
    this.router[spec.method](spec.path, ...middlewares, async (req: Request, res: Response) => {
      const input = {
        body: parse(spec.body, req.body ?? {}, 'body'),
        query: parse(spec.query, req.query, 'query'),
        params: parse(spec.params, req.params, 'path'),
        user: req.user,
        req,
        res,
      } as RouteInput<B, Q, P>;
      const result = await handler(input);
      // A write answers with the positions of the events it wrote (read-your-writes, consistency.ts).
      const consistency = res.locals.consistency as Consistency | undefined;
      if (consistency) await consistency.finishWrite(currentContext()?.writes, res);
      if (res.headersSent) return;
      if (result === undefined) res.status(status === 200 ? 204 : status).end();
      else if (typeof result === 'string') res.status(status).type('text/plain').send(result);
      else res.status(status).json(result);
    });
    this.registry.registerPath({
      method: spec.method,
      path: toOpenApiPath(spec.path),
      summary: spec.summary,
      tags: spec.tags,
      security: securityOf(requirement),
      request: {
        ...(spec.body
          ? { body: { required: true, content: { 'application/json': { schema: spec.body as ZodTypeAny } } } }
          : {}),
        ...(spec.query ? { query: spec.query as never } : {}),
        ...(spec.params ? { params: spec.params as never } : {}),
      },
      responses: responsesOf(spec, requirement, status),
    });
    return this;
  }

  openApiDocument(title: string, version = '1.0.0') {
    return openApiDocument([this], title, version);
  }
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

/** OpenAPI `security` of a requirement: none → public (`[]`), optional → a bearer or nothing (`{}`), else bearer. */
export function securityOf(requirement: AuthRequirement): Array<Record<string, string[]>> {
  if (requirement === 'none') return [];
  if (requirement === 'optional') return [{ bearer: [] }, {}];
  return [{ bearer: [] }];
}

function responsesOf(spec: RouteSpec<unknown, unknown, unknown>, requirement: AuthRequirement, status: number) {
  const ok =
    spec.response !== undefined
      ? { description: 'OK', content: { 'application/json': { schema: spec.response } } }
      : { description: 'OK' };
  return {
    [status]: ok,
    // A handler that returns nothing answers 204 (e.g. the launcher's "no such file yet").
    ...(status === 200 ? { 204: { description: 'No content' } } : {}),
    400: errorResponse('Bad request: the message names the field'),
    ...(requirement === 'none' ? {} : { 401: errorResponse('Not authenticated, or the access token is invalid') }),
    ...(typeof requirement === 'object'
      ? { 403: errorResponse(`Requires the ${requirement.roles.join(' or ')} role`) }
      : {}),
    ...Object.fromEntries(Object.entries(spec.errors ?? {}).map(([code, text]) => [code, errorResponse(text)])),
    default: errorResponse('Any other failure (404, 409, 413, 429, …): a message for people'),
  };
}

/**
 * One OpenAPI 3 document for several Apis: every path, and every component any of them references (schemas
 * named with `.openapi('Name')` in the contracts land in `components.schemas` once).
 */
export function openApiDocument(apis: Api[], title: string, version = '1.0.0') {
  const definitions = apis.flatMap((a) => a.registry.definitions);
  return new OpenApiGeneratorV3(definitions).generateDocument({
    openapi: '3.0.3',
    info: { title, version },
  });
}

export interface AppOptions {
  service: string;
  logger: Logger;
  /** Named readiness checks; /ready answers 503 when any is false or throws. */
  readiness?: Record<string, () => Promise<boolean>>;
  apis?: Api[];
  /** Extra wiring before the routers (e.g. a raw streaming route that must see the body unparsed). */
  configure?: (app: Express) => void;
  bodyLimit?: string;
  metrics?: Metrics;
  /** Read-your-writes: requests with a token wait for it, writes answer with theirs (consistency.ts). */
  consistency?: Consistency;
  /** Load shedding: the process's bound on requests answered at once (shared with the BFF's gateway); unset for none. */
  inFlight?: InFlightLimit;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Whether this request carried a read-your-writes token that concerned this service (consistency.ts): a
 * cache that serves a version old by design (season's leaderboard) then answers from the current one.
 */
export const readsOwnWrites = (res: Response): boolean => res.locals.readYourWrites === true;

/** Which hops' X-Forwarded-For/-Proto are believed: the BFF and the k8s ingress, never the internet. */
export const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/**
 * helmet's defaults, except images from any https host: players' screenshots (screenshotUrl) live on image
 * hosts of their choosing, and `img-src 'self' data:` blocked every one of them on the public screenshots page.
 */
export const HELMET_OPTIONS = { contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'https:'] } } };

/**
 * helmet's headers, worked out once: with static directives (no nonces) they are the same on every answer,
 * so each request sets a ready list instead of running helmet's dozen middlewares (security-headers.test.ts
 * holds them equal to helmet's own).
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = (() => {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let done = false;
  helmet(HELMET_OPTIONS)({} as never, res as never, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return [...headers];
})();

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}

const UNLOGGED = /^\/(?:health|ready|metrics)(?:[/?]|$)/;

/**
 * Load shedding: a bound on the requests one process is answering at once. Past it a request is answered at
 * once with 503, `Retry-After` and `{ message }` instead of joining the queue: once an open-loop load outruns
 * the machine, queueing every request makes every answer late (the clients give up, and the work done for
 * them is lost), while shedding the excess keeps the rest fast. Health, readiness and metrics are never shed
 * (a balancer must still see the process alive). One per process: the BFF hands its one to createApp and its gateway.
 */
export class InFlightLimit {
  private inFlight = 0;
  shed = 0;

  constructor(readonly max: number) {}

  get current(): number {
    return this.inFlight;
  }

  /** Counts the request until its answer is sent or its connection closes; false (answered 503) past the bound. */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.max <= 0 || UNLOGGED.test(req.url ?? '/')) return true;
    if (this.inFlight >= this.max) {
      this.shed += 1;
      res.setHeader('retry-after', '1');
      // A body that was sent is not read (an upload could be large): the connection ends with the answer.
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) {
        res.setHeader('connection', 'close');
      }
      sendJson(res, 503, { message: 'The site is busy: try again in a moment' });
      req.resume();
      return false;
    }
    this.inFlight += 1;
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      this.inFlight -= 1;
    };
    res.once('finish', release);
    res.once('close', release);
    return true;
  }
}

/**
 * What every request gets, through express or not: a request id (the caller's when it is well formed) on
 * the answer, and once the answer is sent the latency histogram (by `route()`, the matched route) and one
 * log line (not for health, readiness and metrics), at info, or at debug when `quiet()` says so then (the
 * BFF's gateway, for an answer a service gave: the service logged that request, under the same id).
 * Returns the request id.
 */
export function trackRequest(
  opts: { logger: Logger; metrics: Metrics },
  req: IncomingMessage,
  res: ServerResponse,
  route: () => string,
  quiet?: () => boolean,
): string {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  const url = req.url ?? '/';
  res.on('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    opts.metrics.httpDuration.observe({ method: req.method, route: route(), status: String(res.statusCode) }, seconds);
    if (UNLOGGED.test(url)) return;
    opts.logger[quiet?.() ? 'debug' : 'info'](
      { requestId, method: req.method, url, status: res.statusCode, ms: Math.round(seconds * 1000) },
      'request',
    );
  });
  return requestId;
}

/** The express app of every service and the BFF: security headers, request tracking, health, readiness, metrics, routes. */
export function createApp(opts: AppOptions): Express {
  const app = express();
  const metrics = opts.metrics ?? createMetrics(opts.service);
  app.disable('x-powered-by');
  app.set('case sensitive routing', false);
  // Behind the BFF (and k8s ingress): client addresses come from X-Forwarded-For set by those hops only.
  app.set('trust proxy', TRUSTED_PROXIES);
  const inFlight = opts.inFlight;
  app.use((req, res, next) => {
    setSecurityHeaders(res);
    const requestId = trackRequest({ logger: opts.logger, metrics }, req, res, () =>
      req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched',
    );
    if (inFlight && !inFlight.admit(req, res)) return;
    const consistency = opts.consistency;
    if (!consistency) {
      runWithContext({ requestId }, () => next());
      return;
    }
    res.locals.consistency = consistency;
    runWithContext({ requestId, writes: new Writes() }, () => {
      // A token from an earlier write of this reader: wait (bounded) until this service has applied it.
      const token = req.headers[CONSISTENCY_HEADER];
      if (typeof token === 'string' && token) {
        consistency.waitForToken(token).then(
          (waited) => {
            // The token concerned this service: a cache that may serve a version old by design must not.
            if (waited !== undefined) res.locals.readYourWrites = true;
            next();
          },
          () => next(),
        );
      } else next();
    });
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: opts.service });
  });
  app.get('/ready', async (_req, res) => {
    const entries = await Promise.all(
      Object.entries(opts.readiness ?? {}).map(async ([name, check]) => {
        try {
          return [name, await check()] as const;
        } catch {
          return [name, false] as const;
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([, ok]) => ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready', checks });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/openapi.json', (_req, res) => {
    document ??= openApiDocument(opts.apis ?? [], opts.service);
    res.json(document);
  });

  opts.configure?.(app);
  app.use(express.json({ limit: opts.bodyLimit ?? '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: opts.bodyLimit ?? '1mb' }));
  for (const api of opts.apis ?? []) app.use(api.router);

  app.use((req, _res, next) => next(AppError.notFound(`No route for ${req.method} ${req.path}`)));
  app.use(errorHandler(opts.logger));
  return app;
}
