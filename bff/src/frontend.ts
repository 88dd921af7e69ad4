import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** The encodings the frontend build writes beside each text file (frontend/vite.config.ts, `precompress`). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** What the compressed copies are sent as: the type of the file they were made from. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

/**
 * The encodings an Accept-Encoding header allows, best first among the ones we have (br before gzip when the
 * client weighs them alike). `*` stands for any encoding not named; `q=0` refuses one.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? (name === 'identity' ? 1 : (weights.get('*') ?? 0));
  return ENCODINGS.map((e) => e.name)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface Variant {
  encoding: Encoding;
  file: string;
}

/**
 * The compressed copies of one file. Those of the hashed assets are remembered (a name never changes its
 * content); the top-level files (index.html, the icon) are looked up on each request, since a new build
 * replaces them in place.
 */
function variantsOf(assets: string) {
  const found = new Map<string, Variant[]>();
  return (file: string): Variant[] => {
    const known = found.get(file);
    if (known) return known;
    const variants = ENCODINGS.flatMap(({ name, suffix }) =>
      fs.existsSync(file + suffix) ? [{ encoding: name, file: file + suffix }] : [],
    );
    if (variants.length > 0 && file.startsWith(assets)) found.set(file, variants);
    return variants;
  };
}

/**
 * Sends a file's precompressed copy (brotli, else gzip) when the browser accepts one, with Content-Encoding,
 * the original's Content-Type, and `Vary: Accept-Encoding` on every answer that has copies, so a shared cache
 * keeps the encodings apart. Anything else falls through to express.static (the uncompressed file).
 */
function precompressed(dist: string) {
  const root = path.resolve(dist);
  const assets = path.join(root, 'assets') + path.sep;
  const lookup = variantsOf(assets);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, relative === '/' ? 'index.html' : relative);
    const type = TYPES[path.extname(file)];
    if (!type || !file.startsWith(root + path.sep)) return next();
    const variants = lookup(file);
    if (variants.length === 0) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const wanted = acceptedEncodings(req.get('accept-encoding'));
    const variant = wanted.map((name) => variants.find((v) => v.encoding === name)).find(Boolean);
    if (!variant) return next();
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Encoding', variant.encoding);
    res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    res.sendFile(variant.file, { cacheControl: false }, (err?: NodeJS.ErrnoException) => {
      if (!err || res.headersSent) return;
      // The copy went away between the lookup and the send (a rebuild): send the plain file instead.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

/**
 * The built frontend at /: hashed assets are immutable and cached for a year; index.html and the other
 * top-level files are revalidated on every load, so a deploy shows at once. Each text file goes out
 * precompressed when the browser accepts it.
 */
export function mountFrontend(app: Express, dist: string): void {
  const index = path.join(dist, 'index.html');
  app.use(precompressed(dist));
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(dist, { index: false, maxAge: 0 }));
  app.get('/', (_req, res) => {
    if (!fs.existsSync(index)) {
      res.status(503).json({ message: 'The frontend is not built yet: run `npm run build`' });
      return;
    }
    res.setHeader('cache-control', REVALIDATE);
    res.sendFile(path.resolve(index));
  });
}
