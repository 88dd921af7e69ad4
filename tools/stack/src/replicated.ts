// The whole site as a cluster would run it, on one machine: N replicas (2 by default) of every service and of
// the BFF, each its own node process on its own port, behind nginx from Debian's packages. nginx plays the
// ingress and the Services of a Kubernetes cluster: one public port that serves the frontend build's files
// (their precompressed .br and .gz copies, as an ingress or CDN in front of the BFF would) and balances /api
// over the BFFs, and one internal port per service that balances over its replicas (what the BFF and the JWKS
// readers call). A replica that dies is started again by the supervisor (a pod's restart), and nginx sends
// the requests it cannot connect to on to the other replica.
//
// Used by the reliability phase (reliability/kafka-cluster.test.ts), `npm run chaos` (bench/chaos.mjs) and
// `npm start -- --replicated` (tools/stack/dist/site.js --replicated).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { StackError } from './errors';
import { isAlive, sleep } from './proc';
import { ensureDebianPackages } from './provision';
import { engineUrlsFor, loadSettings, type StackSettings } from './settings';

export const APPS = ['account', 'season', 'trade', 'files', 'chat', 'bff'] as const;
export type AppName = (typeof APPS)[number];
export const SERVICES = APPS.filter((a): a is Exclude<AppName, 'bff'> => a !== 'bff');

export interface ReplicatedSiteOptions {
  /**
   * The deployment's name: its databases (`<name>-<service>`), Kafka topic prefix (`<name>.`), consumer
   * groups, queues, Redis prefixes and buckets, so it shares the engines with other deployments and tests
   * without reading their data. Lowercase letters, digits and dashes (it names MinIO buckets).
   */
  name: string;
  /** nginx's public port: the frontend and /api. */
  publicPort: number;
  /** Replica r of app k listens on portBase + 10 k + r; nginx's internal port for service k is portBase + 10 k + 9. */
  portBase: number;
  replicas?: number;
  /** KAFKA_BROKERS of every app (the three-broker cluster's list, or the single broker's). */
  kafkaBrokers?: string;
  /** Variables for every app (LOG_LEVEL, JWKS_URL of a test identity, …), over the defaults below. */
  env?: Record<string, string>;
  /** Variables of one app, over everything else. */
  appEnv?: Partial<Record<AppName, Record<string, string>>>;
  /** Where the apps' logs and nginx's files go (default `.local/<name>`). */
  dir?: string;
  /** The built frontend nginx serves (default `frontend/dist`). */
  frontendDist?: string;
  /** Each app's output also goes here, one line at a time, prefixed by its name and replica. */
  onLine?: (replica: string, line: string) => void;
}

export interface Replica {
  app: AppName;
  index: number;
  /** `season-1` */
  id: string;
  port: number;
  pid?: number;
  /** Starts counted, the first included. */
  starts: number;
  /** How each process of this replica ended (a kill's or a crash's code and signal), oldest first. */
  exits: Array<{ pid?: number; code: number | null; signal: NodeJS.Signals | null; at: Date; ranMs: number }>;
  child?: ChildProcess;
}

const entryOf = (root: string, app: AppName) =>
  app === 'bff' ? path.join(root, 'bff', 'dist', 'main.js') : path.join(root, 'services', app, 'dist', 'main.js');

/** The Debian packages the load balancer needs: nginx and the module that serves the .br copies. */
const NGINX_PACKAGES = ['nginx', 'libnginx-mod-http-brotli-static'];
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export class ReplicatedSite {
  readonly replicas: Replica[] = [];
  readonly dir: string;
  private nginx?: ChildProcess;
  private stopping = false;
  private readonly s: StackSettings;
  private readonly count: number;

  constructor(
    readonly opts: ReplicatedSiteOptions,
    s = loadSettings(),
  ) {
    if (!/^[a-z0-9][a-z0-9-]{1,30}$/.test(opts.name))
      throw new StackError(`a replicated site's name is lowercase letters, digits and dashes (got '${opts.name}')`);
    this.s = s;
    this.count = opts.replicas ?? 2;
    this.dir = opts.dir ?? path.join(s.localDir, opts.name);
    APPS.forEach((app, k) => {
      for (let r = 0; r < this.count; r += 1)
        this.replicas.push({
          app,
          index: r,
          id: `${app}-${r}`,
          port: opts.portBase + 10 * k + r,
          starts: 0,
          exits: [],
        });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.opts.publicPort}`;
  }

  /** nginx's internal port for one service (what a Kubernetes Service name resolves to). */
  servicePort(app: AppName): number {
    return this.opts.portBase + 10 * APPS.indexOf(app) + 9;
  }

  /** The variables of one app, as the deployment gives them. */
  envOf(app: AppName): Record<string, string> {
    const { name } = this.opts;
    const engines = engineUrlsFor(this.s);
    const common: Record<string, string> = {
      ...engines,
      ...(this.opts.kafkaBrokers ? { KAFKA_BROKERS: this.opts.kafkaBrokers } : {}),
      KAFKA_TOPIC_PREFIX: `${name}.`,
      LOG_LEVEL: 'warn',
      JWKS_URL: `http://127.0.0.1:${this.servicePort('account')}/.well-known/jwks.json`,
      ...this.opts.env,
    };
    const own: Record<AppName, Record<string, string>> = {
      account: { MAIL_QUEUE: `${name}-mail`, RATE_LIMIT_PREFIX: `${name}:rl:` },
      season: { SEASON_CONSUMER_GROUP: `${name}-season` },
      trade: { TRADE_CONSUMER_GROUP: `${name}-trade`, TRADE_REDIS_PREFIX: `${name}:trade:` },
      files: {
        FILES_CONSUMER_GROUP: `${name}-files`,
        FILES_BUCKET_PREFIX: `${name}-files`,
        FILES_UPLOAD_QUEUE: `${name}-files-upload`,
        FILES_FINALISE_QUEUE: `${name}-files-finalise`,
        FILES_GAME_DATA_QUEUE: `${name}-files-game-data`,
        FILES_DEMO_SEED: 'false',
      },
      chat: { CHAT_CONSUMER_GROUP: `${name}-chat`, CHAT_REDIS_PREFIX: `${name}:chat:` },
      bff: {
        ...Object.fromEntries(
          SERVICES.map((svc) => [`${svc.toUpperCase()}_URL`, `http://127.0.0.1:${this.servicePort(svc)}`]),
        ),
        FRONTEND_DIST: this.opts.frontendDist ?? path.join(this.s.root, 'frontend', 'dist'),
      },
    };
    const service: Record<string, string> =
      app === 'bff' ? {} : { MONGO_DB: `${name}-${app}`, KAFKA_CLIENT_ID: `${name}-${app}` };
    return { ...common, ...service, ...own[app], ...this.opts.appEnv?.[app] };
  }

  /** nginx's configuration: the ingress (public port) and one balancer per service. */
  nginxConf(): string {
    const d = path.join(this.dir, 'nginx');
    const dist = this.opts.frontendDist ?? path.join(this.s.root, 'frontend', 'dist');
    const upstream = (app: AppName) =>
      [
        `  upstream ${app} {`,
        // Each request to the replica with the fewest in flight: one that falls behind (a collector pause,
        // a CPU profile, its first seconds after a restart, a neighbour's burst on this machine) gets less
        // until it catches up, instead of half of everything queueing behind it as round robin does.
        '    least_conn;',
        // No passive marking (max_fails=0, as ingress-nginx's default): a replica that is down refuses the
        // connection at once and the request goes to the next one. With marking, a replica once marked is
        // given one probe request when its fail_timeout is over and counts as down until that probe answers;
        // when the other replica dies meanwhile, the requests of that moment got 502 "no live upstreams"
        // with a healthy replica behind nginx (seen at each chat kill: 7 chat-URL requests of its clients).
        ...this.replicas.filter((r) => r.app === app).map((r) => `    server 127.0.0.1:${r.port} max_fails=0;`),
        '    keepalive 32;',
        '  }',
      ].join('\n');
    // What every proxied location shares: HTTP/1.1 to the upstream with keep-alive (WebSocket upgrades
    // passed through), the client's address and scheme for the BFF's trusted-proxy check, no buffering (the
    // uploads stream through, the SSE notifications are pushed at once), and a request that could not be
    // delivered (refused, reset before an answer) tried on the other replica: GETs always, other methods only
    // when nothing was sent yet (nginx's rule), so a write is never applied twice by the balancer.
    const proxied = (app: AppName) =>
      [
        `      proxy_pass http://${app};`,
        '      proxy_http_version 1.1;',
        '      proxy_set_header Upgrade $http_upgrade;',
        '      proxy_set_header Connection $connection_upgrade;',
        '      proxy_set_header Host $http_host;',
        '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
        '      proxy_set_header X-Forwarded-Proto $scheme;',
        '      proxy_buffering off;',
        '      proxy_request_buffering off;',
        '      proxy_connect_timeout 2s;',
        '      proxy_read_timeout 3600s;',
        '      proxy_send_timeout 3600s;',
        '      proxy_next_upstream error timeout;',
        '      proxy_next_upstream_tries 3;',
      ].join('\n');
    const brotli = fs.existsSync(BROTLI_MODULE);
    return [
      '# Written by tools/stack (replicated.ts) for the deployment ' + this.opts.name + '; rewritten on each start.',
      ...(brotli ? [`load_module ${BROTLI_MODULE};`] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${d}/nginx.pid;`,
      `error_log ${d}/error.log warn;`,
      'events { worker_connections 8192; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${d}/tmp/body;`,
      `  proxy_temp_path ${d}/tmp/proxy;`,
      `  fastcgi_temp_path ${d}/tmp/fastcgi;`,
      `  uwsgi_temp_path ${d}/tmp/uwsgi;`,
      `  scgi_temp_path ${d}/tmp/scgi;`,
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  sendfile on;',
      '  server_tokens off;',
      '  client_max_body_size 0;',
      "  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }",
      ...APPS.map(upstream),
      '  server {',
      `    listen 127.0.0.1:${this.opts.publicPort} reuseport backlog=4096;`,
      // The frontend build as the BFF serves it (bff/src/frontend.ts): the .br or .gz copy the browser
      // accepts with Vary: Accept-Encoding, hashed assets immutable for a year, the rest revalidated.
      `    root ${dist};`,
      '    charset utf-8;',
      '    charset_types text/css text/plain application/javascript application/json image/svg+xml;',
      '    gzip_static on;',
      '    gzip_vary on;',
      ...(brotli ? ['    brotli_static on;'] : []),
      '    location / {',
      "      add_header Cache-Control 'no-cache' always;",
      '      try_files $uri =404;',
      '    }',
      '    location = / {',
      "      add_header Cache-Control 'no-cache' always;",
      '      try_files /index.html =404;',
      '    }',
      '    location /assets/ {',
      "      add_header Cache-Control 'public, max-age=31536000, immutable' always;",
      '      try_files $uri =404;',
      '    }',
      '    location /api/ {',
      proxied('bff'),
      '    }',
      '    location ~ ^/(health|ready|metrics)$ {',
      proxied('bff'),
      '    }',
      '  }',
      ...SERVICES.map((svc) =>
        [
          '  server {',
          `    listen 127.0.0.1:${this.servicePort(svc)} reuseport backlog=4096;`,
          '    location / {',
          proxied(svc),
          '    }',
          '  }',
        ].join('\n'),
      ),
      '}',
      '',
    ].join('\n');
  }

  /** Writes nginx's configuration, checks it (`nginx -t`) and starts it and every replica. */
  async start(): Promise<void> {
    const nginx = ensureDebianPackages(NGINX_PACKAGES, 'nginx', (line) => this.opts.onLine?.('stack', line));
    const d = path.join(this.dir, 'nginx');
    // nginx's workers run as `nobody` when it is started as root: their spool directories must be theirs to write.
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      fs.mkdirSync(path.join(d, 'tmp', sub), { recursive: true });
      fs.chmodSync(path.join(d, 'tmp', sub), 0o777);
    }
    fs.mkdirSync(path.join(this.dir, 'logs'), { recursive: true });
    const conf = path.join(d, 'nginx.conf');
    fs.writeFileSync(conf, this.nginxConf());
    const check = spawnSync(nginx, ['-t', '-q', '-p', d, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new StackError(`nginx refused ${conf}:\n${check.stderr.trim()}`);
    // A leftover nginx of an earlier run of this deployment (its master's pid file) holds the ports.
    const stale = Number(
      fs.existsSync(path.join(d, 'nginx.pid')) && fs.readFileSync(path.join(d, 'nginx.pid'), 'utf8'),
    );
    if (stale && isAlive(stale)) {
      process.kill(stale, 'SIGTERM');
      for (let i = 0; i < 50 && isAlive(stale); i += 1) await sleep(100);
    }
    const log = fs.openSync(path.join(this.dir, 'logs', 'nginx.log'), 'a');
    this.nginx = spawn(nginx, ['-p', d, '-c', conf], { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    for (const r of this.replicas) this.launch(r);
  }

  private launch(r: Replica, restarts = 0): void {
    if (this.stopping) return;
    const log = fs.openSync(path.join(this.dir, 'logs', `${r.id}.log`), 'a');
    // LEAGUE_APP_NODE_ARGS: extra Node flags for every app process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // to profile a chaos run: flags Node refuses in NODE_OPTIONS).
    const extra = (process.env.LEAGUE_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, ['--enable-source-maps', ...extra, entryOf(this.s.root, r.app)], {
      cwd: this.s.root,
      env: { ...process.env, ...this.envOf(r.app), PORT: String(r.port) },
      stdio: ['ignore', 'pipe', log],
    });
    fs.closeSync(log);
    r.child = child;
    r.pid = child.pid;
    r.starts += 1;
    const logFd = fs.openSync(path.join(this.dir, 'logs', `${r.id}.log`), 'a');
    let rest = '';
    child.stdout!.on('data', (d: Buffer) => {
      fs.writeSync(logFd, d);
      if (!this.opts.onLine) return;
      const lines = (rest + String(d)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) this.opts.onLine(r.id, line);
    });
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      r.exits.push({ pid: child.pid, code, signal, at: new Date(), ranMs: Date.now() - startedAt });
      fs.closeSync(logFd);
      if (r.child === child) r.child = undefined;
      if (this.stopping) return;
      // As a pod's restart: at once after a long run, backing off when it keeps dying at start.
      const next = Date.now() - startedAt > 30_000 ? 0 : restarts + 1;
      const delay = Math.min(250 * 2 ** next, 15_000);
      setTimeout(() => this.launch(r, next), delay).unref();
    });
  }

  replica(id: string): Replica {
    const r = this.replicas.find((x) => x.id === id);
    if (!r) throw new StackError(`no replica '${id}' (replicas: ${this.replicas.map((x) => x.id).join(', ')})`);
    return r;
  }

  /** SIGKILLs a replica (the supervisor starts a new process, as Kubernetes restarts a pod); resolves with its pid. */
  kill(id: string, signal: NodeJS.Signals = 'SIGKILL'): number | undefined {
    const r = this.replica(id);
    const pid = r.child?.pid;
    if (pid) process.kill(pid, signal);
    return pid;
  }

  /** Resolves once a replica answers /ready with 200 on its own port (and returns how long that took). */
  async waitReplicaReady(id: string, timeoutMs = 120_000, notPid?: number): Promise<number> {
    const r = this.replica(id);
    const t0 = Date.now();
    while (Date.now() - t0 < timeoutMs) {
      if (r.child?.pid && r.child.pid !== notPid) {
        try {
          const res = await fetch(`http://127.0.0.1:${r.port}/ready`, { signal: AbortSignal.timeout(2_000) });
          if (res.ok) return Date.now() - t0;
        } catch {
          /* not yet */
        }
      }
      await sleep(200);
    }
    throw new StackError(`${id} (port ${r.port}) not ready after ${timeoutMs / 1000}s; see ${this.dir}/logs/${id}.log`);
  }

  /** Resolves once every replica answers /ready and nginx serves the site's /ready. */
  async waitReady(timeoutMs = 180_000): Promise<void> {
    await Promise.all(this.replicas.map((r) => this.waitReplicaReady(r.id, timeoutMs)));
    const t0 = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${this.url}/ready`, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        /* not yet */
      }
      if (Date.now() - t0 > 30_000)
        throw new StackError(`nginx does not serve ${this.url}/ready; see ${this.dir}/nginx`);
      await sleep(200);
    }
  }

  /** SIGTERM to every replica (a clean stop; SIGKILL after 20 s), then nginx. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.replicas.map(
        (r) =>
          new Promise<void>((resolve) => {
            const child = r.child;
            if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
          }),
      ),
    );
    const nginx = this.nginx;
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
  }
}
