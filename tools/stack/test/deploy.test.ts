import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allTopics } from '@league/contracts';
import { parse, parseAllDocuments } from 'yaml';
import { ensureDebianPackages } from '../src/provision';

// The production-like deployment: docker-compose.yml, the apps' Dockerfiles and the k8s kustomizations.
// No Docker engine or cluster runs here, so these tests check what can be checked offline: the manifests
// render and pass kubeconform's strict schemas and the house rules, and compose and the Dockerfiles wire
// every app the way the apps read their configuration.

const root = path.resolve(__dirname, '../../..');
const validator = path.join(root, 'tools/scripts/validate-k8s.mjs');
// The first run on a fresh machine builds kustomize and kubeconform from source; later runs take seconds.
const TOOL_BUILD_TIMEOUT = 15 * 60 * 1000;

const ENGINES = {
  mongo: 'mongo:7',
  'kafka-1': 'apache/kafka:3.9.1',
  'kafka-2': 'apache/kafka:3.9.1',
  'kafka-3': 'apache/kafka:3.9.1',
  redis: 'redis:7',
  minio: 'minio/minio',
  mailpit: 'axllent/mailpit',
};
const SERVICES = { account: 4001, season: 4002, trade: 4003, files: 4004, chat: 4005 } as const;
const SERVICE_VARS = [
  'PORT',
  'LOG_LEVEL',
  'MONGO_URL',
  'MONGO_DB',
  'KAFKA_BROKERS',
  'REDIS_URL',
  'MINIO_ENDPOINT',
  'MINIO_ACCESS_KEY',
  'MINIO_SECRET_KEY',
  'SMTP_URL',
  'MAIL_FROM',
  'JWKS_URL',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
];
const BFF_VARS = [
  'PORT',
  'ACCOUNT_URL',
  'SEASON_URL',
  'TRADE_URL',
  'FILES_URL',
  'CHAT_URL',
  'REDIS_URL',
  'FRONTEND_DIST',
];
const APPS: Record<string, { dir: string; port: number; vars: string[] }> = {
  ...Object.fromEntries(
    Object.entries(SERVICES).map(([name, port]) => [
      name,
      {
        dir: `services/${name}`,
        port,
        vars: name === 'account' ? [...SERVICE_VARS, 'JWT_PRIVATE_KEY_FILE'] : SERVICE_VARS,
      },
    ]),
  ),
  bff: { dir: 'bff', port: 8080, vars: BFF_VARS },
};

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  deploy?: { replicas?: number };
  configs?: Array<{ source: string; target: string }>;
}

function validate(...dirs: string[]) {
  const r = spawnSync(process.execPath, [validator, ...dirs], { cwd: root, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

function kustomization(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-k8s-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** A Dockerfile's instructions (continuations joined): those before the first FROM, then each stage's. */
function instructions(dockerfile: string): { preamble: string[]; stages: string[][] } {
  const lines = fs
    .readFileSync(path.join(root, dockerfile), 'utf8')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const preamble: string[] = [];
  const stages: string[][] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) stages.push([]);
    (stages[stages.length - 1] ?? preamble).push(line);
  }
  return { preamble, stages };
}

/** The workspace packages an app needs at build and run time: its @league dependencies, and theirs. */
function workspacePackages(dir: string, found = new Set<string>()): Set<string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    if (!dep.startsWith('@league/') || found.has(dep)) continue;
    found.add(dep);
    workspacePackages(`packages/${dep.slice('@league/'.length)}`, found);
  }
  return found;
}

function envFile(file: string): Record<string, string> {
  const text = fs.readFileSync(path.join(root, 'k8s/base/config', file), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes('=') && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('k8s manifests', () => {
  test(
    'when the kustomizations are rendered and validated, then every resource passes the strict schemas and the house rules',
    () => {
      const { status, out } = validate();
      expect(out).toMatch(/✓ k8s\/base: \d+ resources rendered/);
      expect(out).toMatch(/✓ k8s\/overlays\/local: \d+ resources rendered/);
      const summaries = [...out.matchAll(/Valid: (\d+), Invalid: (\d+), Errors: (\d+), Skipped: (\d+)/g)];
      expect(summaries).toHaveLength(2);
      for (const [, valid, invalid, errors, skipped] of summaries) {
        // 6 Deployments, 11 Services, 7 ConfigMaps and the Ingress at least: nothing validated vacuously.
        expect(Number(valid)).toBeGreaterThanOrEqual(25);
        expect([invalid, errors, skipped]).toEqual(['0', '0', '0']);
      }
      expect(status).toBe(0);
    },
    TOOL_BUILD_TIMEOUT,
  );

  test(
    'when a manifest breaks the Kubernetes schema, then the validator fails and names the field',
    () => {
      const dir = kustomization({
        'kustomization.yaml':
          'resources: [deployment.yaml]\nlabels: [{pairs: {app.kubernetes.io/part-of: grim-league}}]\n',
        'deployment.yaml': [
          'apiVersion: apps/v1',
          'kind: Deployment',
          'metadata: {name: broken}',
          'spec:',
          '  replica: 2',
          '  selector: {matchLabels: {app: broken}}',
          '  template:',
          '    metadata: {labels: {app: broken}}',
          '    spec:',
          '      containers:',
          '        - name: broken',
          '          image: grim-league/broken:1.0.0',
          '          ports: [{containerPort: "http"}]',
        ].join('\n'),
      });
      try {
        const { status, out } = validate(dir);
        expect(out).toContain("additional properties 'replica' not allowed");
        expect(out).toMatch(/containerPort': got string, want integer/);
        expect(out).toMatch(/Invalid: 1/);
        expect(status).toBe(1);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    TOOL_BUILD_TIMEOUT,
  );

  test(
    'when a Deployment is schema-valid but runs as root without probes, then the validator fails on the house rules',
    () => {
      const dir = kustomization({
        'kustomization.yaml':
          'resources: [deployment.yaml]\nlabels: [{pairs: {app.kubernetes.io/part-of: grim-league}}]\n',
        'deployment.yaml': [
          'apiVersion: apps/v1',
          'kind: Deployment',
          'metadata: {name: lax}',
          'spec:',
          '  selector: {matchLabels: {app.kubernetes.io/name: lax}}',
          '  template:',
          '    metadata: {labels: {app.kubernetes.io/name: lax}}',
          '    spec:',
          '      containers:',
          '        - name: lax',
          '          image: grim-league/lax:1.0.0',
          '          envFrom: [{configMapRef: {name: nowhere}}]',
        ].join('\n'),
      });
      try {
        const { status, out } = validate(dir);
        expect(out).toMatch(/Valid: 1, Invalid: 0, Errors: 0/);
        expect(out).toContain('readinessProbe must GET /ready');
        expect(out).toContain('livenessProbe must GET /health');
        expect(out).toContain('runAsNonRoot must be true');
        expect(out).toContain('readOnlyRootFilesystem must be true');
        expect(out).toContain('ConfigMap nowhere is not defined');
        expect(out).toContain('Deployment/lax: no PodDisruptionBudget selects its pods');
        expect(status).toBe(1);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    TOOL_BUILD_TIMEOUT,
  );

  test('when the base config is read, then each app gets every variable it reads from a ConfigMap or a Secret', () => {
    const common = envFile('common.env');
    const secretKeys = ['MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY'];
    for (const [name, app] of Object.entries(APPS)) {
      const own = envFile(`${name}.env`);
      const deployment = fs.readFileSync(path.join(root, `k8s/base/${name}/deployment.yaml`), 'utf8');
      const available = new Set([
        ...Object.keys(common),
        ...Object.keys(own),
        ...(deployment.includes('name: league-minio') ? secretKeys : []),
      ]);
      expect({ name, missing: app.vars.filter((v) => !available.has(v)) }).toEqual({ name, missing: [] });
      expect({ name, port: own.PORT }).toEqual({ name, port: String(app.port) });
    }
    // The replica set's settings (k8s/README.md, "MongoDB"): majority writes, retryable writes, majority reads.
    expect(new URL(common.MONGO_URL!).searchParams.toString()).toBe(
      'replicaSet=rs0&w=majority&journal=true&retryWrites=true&readConcernLevel=majority',
    );
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- YAML read in a test
type Manifest = { kind: string; metadata: { name: string }; spec: Record<string, any> };
const manifests = (file: string): Manifest[] =>
  parseAllDocuments(fs.readFileSync(path.join(root, 'k8s/base', file), 'utf8')).map((d) => d.toJSON() as Manifest);

describe('k8s scaling out', () => {
  const APP_NAMES = [...Object.keys(SERVICES), 'bff'];

  test('when the base is read, then the BFF, trade and season autoscale from two pods and every app has a disruption budget', () => {
    const hpas = manifests('scaling/autoscalers.yaml');
    expect(hpas.map((h) => [h.metadata.name, h.spec.scaleTargetRef.name, h.spec.minReplicas]).sort()).toEqual([
      ['bff', 'bff', 2],
      ['season', 'season', 2],
      ['trade', 'trade', 2],
    ]);
    const pdbs = manifests('scaling/disruption-budgets.yaml');
    expect(pdbs.map((p) => p.spec.selector.matchLabels['app.kubernetes.io/name']).sort()).toEqual(
      [...APP_NAMES].sort(),
    );
    for (const p of pdbs) expect(p.spec.maxUnavailable).toBe(1);
  });

  test('when the network policies are read, then only the BFF reaches season, trade, files and chat, and account also admits the services', () => {
    const policies = new Map(manifests('network-policies.yaml').map((p) => [p.metadata.name, p]));
    expect(policies.get('default-deny')!.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const fromBff = policies.get('services-from-bff-only')!.spec;
    expect(fromBff.podSelector.matchExpressions[0].values.sort()).toEqual(['chat', 'files', 'season', 'trade']);
    expect(fromBff.ingress).toHaveLength(1);
    expect(fromBff.ingress[0].from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'bff' } } }]);
    // No other policy admits traffic into a service pod, except Prometheus's scrape from its namespace.
    for (const [name, p] of policies) {
      if (['services-from-bff-only', 'account-from-bff-and-services', 'metrics-from-monitoring', 'bff'].includes(name))
        continue;
      expect({ name, ingress: p.spec.ingress }).toEqual({ name, ingress: undefined });
    }
    const engines = policies.get('services-to-engines')!.spec.egress[0];
    expect(engines.ports.map((p: { port: number }) => p.port).sort()).toEqual([27017, 6379, 9000, 9092]);
  });

  test("when the production topics are read, then they are exactly the contracts' topics, created with replication 3 and min ISR 2", () => {
    const lines = fs
      .readFileSync(path.join(root, 'k8s/base/kafka/topics.txt'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(' ') as [string, string]);
    expect(lines.map(([t]) => t).sort()).toEqual([...allTopics()].sort());
    for (const [topic, partitions] of lines)
      expect([topic, partitions]).toEqual([topic, topic.endsWith('.dlq') ? '1' : '6']);
    const job = manifests('kafka/topics-job.yaml')[0]!;
    const env = Object.fromEntries(
      job.spec.template.spec.containers[0].env.map((e: { name: string; value: string }) => [e.name, e.value]),
    );
    expect([env.REPLICATION_FACTOR, env.MIN_INSYNC_REPLICAS]).toEqual(['3', '2']);
    expect(job.spec.template.spec.containers[0].args[0]).toContain(
      '--config "min.insync.replicas=$MIN_INSYNC_REPLICAS"',
    );
  });

  test(
    'when a Deployment has no disruption budget, an autoscaler targets nothing and a policy selects no pod, then the validator fails',
    () => {
      const dir = kustomization({
        'kustomization.yaml':
          'resources: [all.yaml]\nlabels: [{pairs: {app.kubernetes.io/part-of: grim-league}, includeTemplates: true}]\n',
        'all.yaml': [
          'apiVersion: autoscaling/v2',
          'kind: HorizontalPodAutoscaler',
          'metadata: {name: ghost}',
          'spec:',
          '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: ghost}',
          '  minReplicas: 1',
          '  maxReplicas: 3',
          '---',
          'apiVersion: networking.k8s.io/v1',
          'kind: NetworkPolicy',
          'metadata: {name: typo}',
          'spec:',
          '  podSelector: {matchLabels: {app.kubernetes.io/name: bfff}}',
          '  policyTypes: [Ingress]',
        ].join('\n'),
      });
      try {
        const { status, out } = validate(dir);
        expect(out).toMatch(/Valid: 2, Invalid: 0, Errors: 0/);
        expect(out).toContain('HorizontalPodAutoscaler/ghost: scale target Deployment/ghost is not defined');
        expect(out).toContain('HorizontalPodAutoscaler/ghost: minReplicas must be at least 2');
        expect(out).toContain('NetworkPolicy/typo: podSelector matches no pods');
        expect(status).toBe(1);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    TOOL_BUILD_TIMEOUT,
  );
});

describe('docker-compose.yml', () => {
  const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
    configs: Record<string, { content: string }>;
  };

  test('when it is read, then every engine runs from its official image, configured as the apps expect', () => {
    for (const [name, image] of Object.entries(ENGINES)) {
      expect({ name, image: compose.services[name]?.image }).toEqual({ name, image });
      expect(compose.services[name]?.healthcheck).toBeDefined();
    }
    const { mongo, redis } = compose.services;
    expect(mongo?.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(mongo?.healthcheck?.test.join(' ')).toContain('rs.initiate');
    // Three KRaft nodes with the k8s topics Job's settings: replication factor 3, min.insync.replicas 2.
    for (const n of [1, 2, 3]) {
      expect(compose.services[`kafka-${n}`]?.environment).toMatchObject({
        KAFKA_NODE_ID: n,
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@kafka-1:9093,2@kafka-2:9093,3@kafka-3:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://kafka-${n}:9092`,
        KAFKA_DEFAULT_REPLICATION_FACTOR: 3,
        KAFKA_MIN_INSYNC_REPLICAS: 2,
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 3,
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 3,
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: 2,
      });
    }
    const topicsJob = fs.readFileSync(path.join(root, 'k8s/base/kafka/topics-job.yaml'), 'utf8');
    expect(topicsJob).toMatch(/name: REPLICATION_FACTOR\s+value: '3'/);
    expect(topicsJob).toMatch(/name: MIN_INSYNC_REPLICAS\s+value: '2'/);
    expect(redis?.command?.join(' ')).toContain('--maxmemory-policy noeviction');
  });

  test('when it is read, then each app builds from its own Dockerfile with every variable it reads', () => {
    for (const [name, app] of Object.entries(APPS)) {
      const svc = compose.services[name];
      expect({ name, build: svc?.build }).toEqual({
        name,
        build: { context: '.', dockerfile: `${app.dir}/Dockerfile` },
      });
      expect(fs.existsSync(path.join(root, app.dir, 'Dockerfile'))).toBe(true);
      const env = svc?.environment ?? {};
      expect({ name, missing: app.vars.filter((v) => env[v] === undefined) }).toEqual({ name, missing: [] });
      expect({ name, port: Number(env.PORT) }).toEqual({ name, port: app.port });
    }
    for (const name of Object.keys(SERVICES)) {
      const env = compose.services[name]?.environment ?? {};
      expect(env.MONGO_DB).toBe(`league-${name}`);
      expect(env.MONGO_URL).toBe(
        'mongodb://mongo:27017/?replicaSet=rs0&w=majority&journal=true&retryWrites=true&readConcernLevel=majority',
      );
      expect(env.KAFKA_BROKERS).toBe('kafka-1:9092,kafka-2:9092,kafka-3:9092');
      for (const engine of Object.keys(ENGINES)) {
        expect({ name, engine, condition: compose.services[name]?.depends_on?.[engine]?.condition }).toEqual({
          name,
          engine,
          condition: 'service_healthy',
        });
      }
    }
    expect(compose.services.bff?.environment?.ACCOUNT_URL).toBe('http://account:4001');
  });

  test('when it is read, then every app runs two replicas and the site is reached through an nginx ingress that nginx accepts', () => {
    for (const name of Object.keys(APPS))
      expect({ name, deploy: compose.services[name]?.deploy }).toEqual({ name, deploy: { replicas: 2 } });
    // Two BFFs cannot share a host port: only the ingress publishes 8080.
    expect(compose.services.bff?.ports).toBeUndefined();
    const ingress = compose.services.ingress!;
    expect(ingress.image).toMatch(/^nginx:/);
    expect(ingress.ports).toEqual(['8080:8080']);
    expect(ingress.depends_on?.bff?.condition).toBe('service_healthy');
    expect(ingress.configs).toEqual([{ source: 'ingress-conf', target: '/etc/nginx/conf.d/default.conf' }]);
    // Compose writes `$$` for nginx's `$`.
    const conf = compose.configs['ingress-conf']!.content.replace(/\$\$/g, '$');
    expect(conf).toContain('proxy_pass $bff;');
    expect(conf).toContain('proxy_set_header Upgrade $http_upgrade;');
    // nginx itself checks the configuration, inside the http block the image's nginx.conf gives it.
    const nginx = ensureDebianPackages(['nginx'], 'nginx', () => undefined);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingress-'));
    try {
      fs.mkdirSync(path.join(dir, 'tmp'));
      fs.writeFileSync(path.join(dir, 'default.conf'), conf);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/tmp;\n  include ${dir}/default.conf;\n}\n`,
      );
      const check = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect({ status: check.status, out: check.stderr }).toEqual({
        status: 0,
        out: expect.stringContaining('test is successful'),
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Dockerfiles', () => {
  test.each(Object.entries(APPS))(
    'when the %s Dockerfile is read, then it builds on node:20-bookworm-slim and its final stage runs dist/main.js as a non-root user',
    (name, app) => {
      const { preamble, stages: all } = instructions(`${app.dir}/Dockerfile`);
      expect(preamble).toContain('ARG NODE_IMAGE=node:20-bookworm-slim');
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(all.every((stage) => stage[0]?.startsWith('FROM ${NODE_IMAGE}'))).toBe(true);
      const text = all.flat().join('\n');
      expect(text).toContain(`npx tsc -b ${app.dir}/tsconfig.json`);
      expect(text).toMatch(/npm install --omit=dev/);
      const final = all[all.length - 1] ?? [];
      const user = final.filter((l) => /^USER\s/i.test(l)).pop();
      expect(user).toBeDefined();
      expect(user?.split(/\s+/)[1]).not.toMatch(/^(root|0)(:|$)/);
      expect(final.join('\n')).toMatch(/NODE_ENV=production/);
      expect(final).toContain(`EXPOSE ${app.port}`);
      expect(final).toContain(`CMD ["node", "${app.dir}/dist/main.js"]`);
      if (name === 'bff') {
        expect(text).toContain('npm run build -w frontend');
        expect(final.join('\n')).toContain('frontend/dist');
      }
    },
  );

  test.each(Object.entries(APPS))(
    'when the %s Dockerfile is read, then every workspace package the app uses is installed, built and shipped with it',
    (_name, app) => {
      const { stages } = instructions(`${app.dir}/Dockerfile`);
      const packages = [...workspacePackages(app.dir)].map((p) => `packages/${p.slice('@league/'.length)}`);
      expect(packages).toContain('packages/platform');
      /** The stage's instructions before the first one matching `step`. */
      const before = (stage: string[], step: RegExp) =>
        stage.slice(
          0,
          stage.findIndex((l) => step.test(l)),
        );
      for (const stage of stages.filter((s) => s.some((l) => /^RUN npm install/.test(l)))) {
        const installs = before(stage, /^RUN npm install/);
        // Without a workspace's package.json, npm looks the package up in the registry and the install fails.
        for (const dir of packages) expect(installs).toContain(`COPY ${dir}/package.json ${dir}/`);
        // The root postinstall (patch-package) patches what npm installed from patches/ (README).
        expect(installs).toContain('COPY patches/ patches/');
      }
      const build = stages.find((s) => s.some((l) => l.includes(`npx tsc -b ${app.dir}/tsconfig.json`)))!;
      for (const dir of packages) expect(before(build, /npx tsc -b/)).toContain(`COPY ${dir} ${dir}`);
      const final = stages[stages.length - 1] ?? [];
      for (const dir of packages) expect(final).toContain(`COPY --from=build /app/${dir}/dist ${dir}/dist`);
      // tsc -b builds what the app's tsconfig references: every package it imports directly.
      const tsconfig = JSON.parse(fs.readFileSync(path.join(root, app.dir, 'tsconfig.json'), 'utf8')) as {
        references?: Array<{ path: string }>;
      };
      const referenced = (tsconfig.references ?? []).map((r) => path.relative(root, path.join(root, app.dir, r.path)));
      const direct = Object.keys(
        (
          JSON.parse(fs.readFileSync(path.join(root, app.dir, 'package.json'), 'utf8')) as {
            dependencies: Record<string, string>;
          }
        ).dependencies,
      ).filter((d) => d.startsWith('@league/'));
      for (const dep of direct) expect(referenced).toContain(`packages/${dep.slice('@league/'.length)}`);
    },
  );
});
