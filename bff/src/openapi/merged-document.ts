import type { Express, Request, Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Logger } from '@league/platform';
import { resolveRoute, type ServiceName } from '../proxy/route-table';
import { callService } from '../proxy/upstream-call';

type Json = Record<string, unknown>;
interface Document {
  openapi?: string;
  paths?: Record<string, Record<string, Json>>;
  components?: Record<string, Record<string, unknown>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Merges the services' documents into the one the BFF publishes: only paths the BFF's route table sends to
 * the service that documents them (so `/.well-known/jwks.json`, which the BFF does not expose, is left
 * out), under the server `/api`. Components with one name and one content are shared; a name two services
 * use for different schemas is renamed `<Service><Name>` in that service's part.
 */
export function mergeDocuments(docs: Partial<Record<ServiceName, Document>>, missing: ServiceName[] = []): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, unknown> = {};
  const securitySchemes: Record<string, unknown> = {};
  const tags: Array<{ name: string; description: string }> = [];

  for (const [service, original] of Object.entries(docs) as Array<[ServiceName, Document]>) {
    const own = original.components?.schemas ?? {};
    const renames = new Map<string, string>();
    for (const [name, schema] of Object.entries(own)) {
      if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(schema))
        renames.set(name, `${capital(service)}${name}`);
    }
    const rewrite = <T>(value: T): T =>
      renames.size === 0
        ? value
        : (JSON.parse(
            JSON.stringify(value).replace(REF, (whole, name: string) =>
              renames.has(name) ? `"#/components/schemas/${renames.get(name)}"` : whole,
            ),
          ) as T);
    for (const [name, schema] of Object.entries(own)) schemas[renames.get(name) ?? name] = rewrite(schema);
    Object.assign(securitySchemes, original.components?.securitySchemes ?? {});

    let published = 0;
    for (const [path, item] of Object.entries(original.paths ?? {})) {
      // Template segments (`{id}`) resolve like any segment: the route table matches on prefixes.
      if (resolveRoute(path)?.service !== service) continue;
      const operations: Record<string, Json> = {};
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        const tagged = Array.isArray(op.tags) && op.tags.length > 0 ? op : { ...op, tags: [service] };
        operations[method] = rewrite(tagged);
      }
      paths[path] = { ...(paths[path] ?? {}), ...operations };
      published += Object.keys(operations).length;
    }
    tags.push({ name: service, description: `Served by the ${service} service (${published} operations)` });
  }

  return {
    openapi: '3.0.3',
    info: {
      title: 'Grim League API',
      version: '1.0.0',
      description:
        'Every public path of the league API as the BFF serves it under /api. Tokens are bearer JWTs from ' +
        'POST /account/login.' +
        (missing.length ? ` Not included right now (service unreachable): ${missing.join(', ')}.` : ''),
    },
    servers: [{ url: '/api' }],
    tags,
    paths,
    components: { schemas, securitySchemes },
  };
}

/**
 * `GET /api/openapi.json`: the merged document, fetched from each service's `/openapi.json` (cached for a
 * minute; a service that does not answer is left out and named in the description, and not cached).
 * `GET /api/docs`: Swagger UI over that document, its assets served from the package (no CDN).
 */
export function mountApiDocs(app: Express, upstreams: Record<ServiceName, string>, logger: Logger) {
  let cached: { at: number; doc: Json } | undefined;
  const load = async (): Promise<Json> => {
    if (cached && Date.now() - cached.at < 60_000) return cached.doc;
    const docs: Partial<Record<ServiceName, Document>> = {};
    const missing: ServiceName[] = [];
    await Promise.all(
      (Object.entries(upstreams) as Array<[ServiceName, string]>).map(async ([service, url]) => {
        try {
          const res = await callService(`${url}/openapi.json`, { timeoutMs: 3_000 });
          const doc = res.ok ? res.json<Document>() : undefined;
          if (!doc) throw new Error(`status ${res.status}`);
          docs[service] = doc;
        } catch (err) {
          logger.warn({ err, service }, 'openapi document unavailable');
          missing.push(service);
        }
      }),
    );
    // A fixed order, so the document does not depend on which service answered first.
    const ordered = Object.fromEntries(
      (Object.keys(upstreams) as ServiceName[]).filter((s) => docs[s]).map((s) => [s, docs[s]]),
    );
    const doc = mergeDocuments(ordered, missing);
    if (missing.length === 0) cached = { at: Date.now(), doc };
    return doc;
  };

  app.get('/api/openapi.json', async (_req: Request, res: Response) => {
    res.json(await load());
  });
  app.use(
    '/api/docs',
    swaggerUi.serveFiles(undefined, { swaggerOptions: { url: '/api/openapi.json' } }),
    swaggerUi.setup(undefined, { swaggerOptions: { url: '/api/openapi.json' }, customSiteTitle: 'Grim League API' }),
  );
}
