import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { acceptedEncodings, mountFrontend } from './frontend';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('the built frontend, precompressed', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-frontend-'));
  const script = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`);
  const page = Buffer.from(`<!doctype html><html><body>${'<p>Grim League</p>'.repeat(50)}</body></html>`);
  let server: http.Server;
  let port: number;

  const get = (url: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      http
        .request({ port, path: url, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, content: Buffer, copies: boolean) => {
      fs.writeFileSync(path.join(dist, name), content);
      if (!copies) return;
      fs.writeFileSync(path.join(dist, `${name}.br`), zlib.brotliCompressSync(content));
      fs.writeFileSync(path.join(dist, `${name}.gz`), zlib.gzipSync(content));
    };
    write('assets/index-abc123.js', script, true);
    write('index.html', page, true);
    write('favicon.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), false);
    const app = express();
    mountFrontend(app, dist);
    server = app.listen(0);
    await new Promise((r) => server.once('listening', r));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('when the browser accepts brotli, then a hashed asset is the brotli copy, typed as JavaScript, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('when the browser accepts only gzip, then it gets the gzip copy', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(res.body).equals(script)).toBe(true);
  });

  it('when the browser weighs gzip above brotli, then it gets gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'br;q=0.5, gzip;q=0.9');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('when the browser accepts no encoding, then the plain file goes out, still marked as varying by encoding', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/index-abc123.js', header);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body.equals(script)).toBe(true);
    }
  });

  it('when the page itself is asked for, then index.html comes compressed and is revalidated on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.body).equals(page)).toBe(true);
    }
    const plain = await get('/', undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.equals(page)).toBe(true);
  });

  it('when a HEAD asks for an asset, then the headers are those of the copy and no body follows', async () => {
    const res = await get('/assets/index-abc123.js', 'br', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('when a file has no compressed copy, then it is sent as it is, without Vary', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
  });

  it('when an asset does not exist or the path leaves the build, then nothing is sent from outside it', async () => {
    expect((await get('/assets/missing-000.js', 'br')).status).toBe(404);
    const outside = `${dist}-outside`;
    fs.mkdirSync(outside);
    try {
      fs.writeFileSync(path.join(outside, 'secret.js'), 'secret');
      fs.writeFileSync(path.join(outside, 'secret.js.br'), zlib.brotliCompressSync('secret'));
      const escape = await get(`/..%2f${path.basename(outside)}%2fsecret.js`, 'br');
      expect([403, 404]).toContain(escape.status);
      expect(escape.headers['content-encoding']).toBeUndefined();
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('acceptedEncodings', () => {
  it('when the header names both, then brotli comes first unless weighed lower', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=1, br;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('deflate')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('GZIP')).toEqual(['gzip']);
  });
});
