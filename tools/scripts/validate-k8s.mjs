#!/usr/bin/env node
// Renders kustomizations and validates every manifest they produce, offline:
//   1. `kustomize build` (sigs.k8s.io/kustomize/kustomize/v5), so a broken kustomization fails here;
//   2. kubeconform -strict against the Kubernetes JSON schemas (unknown fields, wrong types, missing schema
//      for a kind, duplicate keys all fail);
//   3. the house rules kubeconform cannot know: probes on /ready and /health, requests and limits, non-root,
//      read-only root filesystem with /tmp on an emptyDir, labels, and references that resolve.
//
// Usage: node tools/scripts/validate-k8s.mjs [kustomization-dir ...]
//   With no argument: k8s/base and every k8s/overlays/<name>.
// Exit codes: 0 valid, 1 a manifest is invalid, 2 the tools or schemas could not be prepared.
//
// kustomize and kubeconform are built from their Go modules into ~/.cache/league-stack/bin on first use
// (`go install` is not used: it asks the module proxy for version lists, which the proxy here refuses).
// The schemas come from the kubernetes-validate wheel on PyPI, which bundles them; a machine without pip
// can point K8S_SCHEMA_DIR at a directory laid out like yannh/kubernetes-json-schema instead.
// Environment: LEAGUE_STACK_CACHE (cache root), K8S_VERSION (default 1.33.0), K8S_SCHEMA_DIR.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = process.env.LEAGUE_STACK_CACHE ?? path.join(os.homedir(), '.cache', 'league-stack');
const k8sVersion = process.env.K8S_VERSION ?? '1.33.0';

const TOOLS = {
  kustomize: { module: 'sigs.k8s.io/kustomize/kustomize/v5', version: 'v5.7.1', pkg: '.' },
  kubeconform: { module: 'github.com/yannh/kubeconform', version: 'v0.7.0', pkg: './cmd/kubeconform' },
};
// kubernetes-validate ships strict JSON schemas for Kubernetes 1.25 to 1.37 in its wheel.
const SCHEMA_WHEEL = { name: 'kubernetes-validate', version: '1.37.0' };

// Secrets that are created outside git on purpose (k8s/README.md); every other reference must resolve
// inside the rendered output.
const EXTERNAL_SECRETS = new Set(['league-minio', 'account-jwt', 'league-tls', 'chat-ticket']);

class SetupError extends Error {}

const say = (line) => process.stdout.write(`${line}\n`);

function run(cmd, args, { cwd = repoRoot, env = process.env, input } = {}) {
  const r = spawnSync(cmd, args, { cwd, env, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new SetupError(`${cmd} could not run: ${r.error.message}`);
  return r;
}

function runOrThrow(cmd, args, opts) {
  const r = run(cmd, args, opts);
  if (r.status !== 0) {
    throw new SetupError(`${cmd} ${args.join(' ')} failed (exit ${r.status}):\n${(r.stderr || r.stdout).trim()}`);
  }
  return r.stdout;
}

function ensureGoBinary(name) {
  const { module, version, pkg } = TOOLS[name];
  const target = path.join(cacheDir, 'bin', `${name}-${version}`);
  if (fs.existsSync(target)) return target;
  if (run('go', ['version']).status !== 0) throw new SetupError(`go is needed once to build ${name} ${version}`);
  say(`building ${name} ${version} (first run on this machine; cached in ${path.dirname(target)})`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const env = {
    ...process.env,
    // The proxy here serves module zips but not the checksum database; each module's go.sum still pins
    // and verifies its dependencies.
    GOSUMDB: process.env.GOSUMDB ?? 'off',
    GOFLAGS: '-mod=mod',
    GOTOOLCHAIN: 'local',
    GOPATH: process.env.GOPATH ?? path.join(cacheDir, 'gopath'),
  };
  const info = JSON.parse(
    runOrThrow('go', ['mod', 'download', '-json', `${module}@${version}`], { env, cwd: cacheDir }),
  );
  if (!info.Dir) throw new SetupError(`go could not download ${module}@${version}: ${info.Error ?? 'no directory'}`);
  fs.mkdirSync(path.join(cacheDir, 'src'), { recursive: true });
  const srcDir = fs.mkdtempSync(path.join(cacheDir, 'src', `${name}-${version}-`));
  try {
    fs.cpSync(info.Dir, srcDir, { recursive: true });
    runOrThrow('chmod', ['-R', 'u+w', srcDir]);
    const tmp = `${target}.${process.pid}.tmp`;
    runOrThrow('go', ['build', '-trimpath', '-o', tmp, pkg], { env, cwd: srcDir });
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(srcDir, { recursive: true, force: true });
  }
  return target;
}

/** Returns a directory holding v<version>-standalone-strict/<kind>-<group>-<version>.json. */
function ensureSchemas() {
  const layout = `v${k8sVersion}-standalone-strict`;
  if (process.env.K8S_SCHEMA_DIR) {
    const dir = path.resolve(process.env.K8S_SCHEMA_DIR);
    if (!fs.existsSync(path.join(dir, layout))) throw new SetupError(`K8S_SCHEMA_DIR has no ${layout} folder: ${dir}`);
    return dir;
  }
  const root = path.join(cacheDir, `kubernetes-json-schema-${SCHEMA_WHEEL.version}`);
  const dir = path.join(root, layout);
  if (fs.existsSync(path.join(dir, '.complete'))) return root;

  say(
    `fetching Kubernetes ${k8sVersion} schemas from ${SCHEMA_WHEEL.name} ${SCHEMA_WHEEL.version} (first run; then cached)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-schemas-'));
  try {
    runOrThrow('python3', [
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--only-binary=:all:',
      '--disable-pip-version-check',
      '--quiet',
      '-d',
      work,
      `${SCHEMA_WHEEL.name}==${SCHEMA_WHEEL.version}`,
    ]);
    const wheel = fs.readdirSync(work).find((f) => f.endsWith('.whl'));
    if (!wheel) throw new SetupError(`pip downloaded no wheel of ${SCHEMA_WHEEL.name}`);
    const staging = path.join(work, 'out');
    fs.mkdirSync(staging);
    // A wheel is a zip; Node has no zip reader, Python (needed for pip anyway) has one.
    const extract = [
      'import os, sys, zipfile',
      'whl, prefix, out = sys.argv[1:4]',
      'n = 0',
      'with zipfile.ZipFile(whl) as z:',
      '    for name in z.namelist():',
      '        if name.startswith(prefix) and name.endswith(".json"):',
      '            open(os.path.join(out, name[len(prefix):]), "wb").write(z.read(name)); n += 1',
      'print(n)',
    ].join('\n');
    const prefix = `kubernetes_validate/kubernetes-json-schema/v${k8sVersion}-local-strict/`;
    const count = Number(runOrThrow('python3', ['-c', extract, path.join(work, wheel), prefix, staging]).trim());
    if (!count)
      throw new SetupError(`${SCHEMA_WHEEL.name} ${SCHEMA_WHEEL.version} has no schemas for Kubernetes ${k8sVersion}`);
    // The bundled schemas name each other by absolute URLs (an $id under kubernetes.io and $refs to
    // /api/_definitions.json). kubeconform resolves references against the file it loaded, so drop the
    // $id and make the references relative to the schema folder.
    for (const file of fs.readdirSync(staging)) {
      const full = path.join(staging, file);
      const schema = JSON.parse(
        fs.readFileSync(full, 'utf8').replaceAll('"/api/_definitions.json#', '"_definitions.json#'),
      );
      delete schema.$id;
      fs.writeFileSync(full, JSON.stringify(schema));
    }
    fs.writeFileSync(path.join(staging, '.complete'), `${SCHEMA_WHEEL.name}==${SCHEMA_WHEEL.version}\n`);
    fs.mkdirSync(root, { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(staging, dir, { recursive: true });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return root;
}

// ---- house rules ---------------------------------------------------------------------------------------

function checkPolicy(resources) {
  const problems = [];
  const byKind = (kind) => resources.filter((r) => r?.kind === kind);
  const names = (kind) => new Set(byKind(kind).map((r) => r.metadata?.name));
  const configMaps = names('ConfigMap');
  const secrets = names('Secret');
  const services = names('Service');
  const deployments = byKind('Deployment');

  for (const r of resources) {
    if (!r || typeof r !== 'object') continue;
    const id = `${r.kind}/${r.metadata?.name}`;
    if (r.metadata?.labels?.['app.kubernetes.io/part-of'] !== 'grim-league') {
      problems.push(`${id}: label app.kubernetes.io/part-of=grim-league is missing`);
    }
  }

  const jobs = byKind('Job');
  const podLabels = (w) => w.spec?.template?.metadata?.labels ?? {};
  const selects = (selector, labels) =>
    Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector?.matchExpressions ?? []).every((e) =>
      e.operator === 'In'
        ? e.values.includes(labels[e.key])
        : e.operator === 'NotIn'
          ? !e.values.includes(labels[e.key])
          : e.operator === 'Exists'
            ? e.key in labels
            : !(e.key in labels),
    );

  for (const d of [...deployments, ...jobs]) {
    const isJob = d.kind === 'Job';
    const id = `${d.kind}/${d.metadata?.name}`;
    const bad = (what) => problems.push(`${id}: ${what}`);
    const pod = d.spec?.template?.spec ?? {};
    const labels = d.spec?.template?.metadata?.labels ?? {};
    if (!labels['app.kubernetes.io/name']) bad('pod label app.kubernetes.io/name is missing');
    if (labels['app.kubernetes.io/part-of'] !== 'grim-league') bad('pod label app.kubernetes.io/part-of is missing');
    const psc = pod.securityContext ?? {};
    const volumes = new Map((pod.volumes ?? []).map((v) => [v.name, v]));
    for (const v of pod.volumes ?? []) {
      if (v.configMap && !configMaps.has(v.configMap.name))
        bad(`volume ${v.name}: ConfigMap ${v.configMap.name} is not defined`);
      if (v.secret && !secrets.has(v.secret.secretName) && !EXTERNAL_SECRETS.has(v.secret.secretName)) {
        bad(`volume ${v.name}: Secret ${v.secret.secretName} is neither defined nor a documented external secret`);
      }
    }
    const containers = pod.containers ?? [];
    if (!containers.length) bad('has no containers');
    for (const c of containers) {
      const cid = `container ${c.name}`;
      const sc = c.securityContext ?? {};
      if (!/:[\w.-]+$|@sha256:/.test(c.image ?? '') || /:latest$/.test(c.image))
        bad(`${cid}: image ${c.image} has no pinned tag`);
      if (!isJob && c.readinessProbe?.httpGet?.path !== '/ready') bad(`${cid}: readinessProbe must GET /ready`);
      if (!isJob && c.livenessProbe?.httpGet?.path !== '/health') bad(`${cid}: livenessProbe must GET /health`);
      for (const side of ['requests', 'limits']) {
        for (const res of ['cpu', 'memory']) {
          if (!c.resources?.[side]?.[res]) bad(`${cid}: resources.${side}.${res} is missing`);
        }
      }
      if ((sc.runAsNonRoot ?? psc.runAsNonRoot) !== true) bad(`${cid}: runAsNonRoot must be true`);
      if ((sc.runAsUser ?? psc.runAsUser) !== 1000) bad(`${cid}: runAsUser must be 1000`);
      if (sc.allowPrivilegeEscalation !== false) bad(`${cid}: allowPrivilegeEscalation must be false`);
      if (sc.readOnlyRootFilesystem !== true) bad(`${cid}: readOnlyRootFilesystem must be true`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) bad(`${cid}: capabilities must drop ALL`);
      if ((sc.seccompProfile ?? psc.seccompProfile)?.type !== 'RuntimeDefault')
        bad(`${cid}: seccompProfile must be RuntimeDefault`);
      const tmp = (c.volumeMounts ?? []).find((m) => m.mountPath === '/tmp');
      if (!tmp || !volumes.get(tmp.name)?.emptyDir)
        bad(`${cid}: /tmp must be an emptyDir mount (the root filesystem is read-only)`);
      for (const m of c.volumeMounts ?? []) {
        if (!volumes.has(m.name)) bad(`${cid}: volumeMount ${m.name} has no volume`);
      }
      for (const e of c.envFrom ?? []) {
        if (e.configMapRef && !configMaps.has(e.configMapRef.name))
          bad(`${cid}: ConfigMap ${e.configMapRef.name} is not defined`);
        if (e.secretRef && !secrets.has(e.secretRef.name) && !EXTERNAL_SECRETS.has(e.secretRef.name)) {
          bad(`${cid}: Secret ${e.secretRef.name} is neither defined nor a documented external secret`);
        }
      }
    }
  }

  for (const s of byKind('Service')) {
    const selector = s.spec?.selector;
    if (s.spec?.type === 'ExternalName' || !selector) continue;
    const matches = deployments.some((d) => {
      const labels = d.spec?.template?.metadata?.labels ?? {};
      return Object.entries(selector).every(([k, v]) => labels[k] === v);
    });
    if (!matches) problems.push(`Service/${s.metadata?.name}: selector matches no Deployment's pods`);
  }

  // Scaling out: every app survives a node drain (a PodDisruptionBudget selects its pods), and an autoscaler
  // scales a Deployment that exists, never below two pods.
  const budgets = byKind('PodDisruptionBudget');
  for (const d of deployments) {
    if (!budgets.some((b) => selects(b.spec?.selector, podLabels(d))))
      problems.push(`Deployment/${d.metadata?.name}: no PodDisruptionBudget selects its pods`);
  }
  for (const h of byKind('HorizontalPodAutoscaler')) {
    const id = `HorizontalPodAutoscaler/${h.metadata?.name}`;
    const ref = h.spec?.scaleTargetRef ?? {};
    if (ref.kind !== 'Deployment' || !deployments.some((d) => d.metadata?.name === ref.name))
      problems.push(`${id}: scale target ${ref.kind}/${ref.name} is not defined`);
    if (!(h.spec?.minReplicas >= 2)) problems.push(`${id}: minReplicas must be at least 2`);
  }
  // A NetworkPolicy that selects no pod (a typo in a label) protects nothing; one selecting all ({}) is fine.
  for (const np of byKind('NetworkPolicy')) {
    const sel = np.spec?.podSelector ?? {};
    const all = !sel.matchLabels && !sel.matchExpressions;
    if (!all && ![...deployments, ...jobs].some((w) => selects(sel, podLabels(w))))
      problems.push(`NetworkPolicy/${np.metadata?.name}: podSelector matches no pods`);
  }

  for (const ing of byKind('Ingress')) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        const target = p.backend?.service?.name;
        if (target && !services.has(target))
          problems.push(`Ingress/${ing.metadata?.name}: backend Service ${target} is not defined`);
      }
    }
  }
  return problems;
}

// ---- main ----------------------------------------------------------------------------------------------

function defaultTargets() {
  const targets = [path.join(repoRoot, 'k8s', 'base')];
  const overlays = path.join(repoRoot, 'k8s', 'overlays');
  if (fs.existsSync(overlays)) {
    for (const name of fs.readdirSync(overlays).sort()) {
      if (fs.existsSync(path.join(overlays, name, 'kustomization.yaml'))) targets.push(path.join(overlays, name));
    }
  }
  return targets;
}

function validate(target, kustomize, kubeconform, schemaRoot) {
  const label = path.relative(repoRoot, target).startsWith('..') ? target : path.relative(repoRoot, target) || '.';
  const built = run(kustomize, ['build', target]);
  if (built.status !== 0) {
    say(`✗ ${label}: kustomize build failed\n${built.stderr.trim()}`);
    return false;
  }
  const docs = parseAllDocuments(built.stdout);
  const yamlErrors = docs.flatMap((d) => d.errors.map((e) => e.message));
  const resources = docs.map((d) => d.toJS()).filter(Boolean);

  const schemaLocation = path.join(
    schemaRoot,
    '{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json',
  );
  const conform = run(
    kubeconform,
    [
      '-strict',
      '-summary',
      '-kubernetes-version',
      k8sVersion,
      '-schema-location',
      schemaLocation,
      '-output',
      'text',
      '-',
    ],
    { input: built.stdout },
  );
  const conformOut = `${conform.stdout}${conform.stderr}`.trim();
  const problems = [...yamlErrors, ...checkPolicy(resources)];
  const ok = conform.status === 0 && problems.length === 0;
  say(`${ok ? '✓' : '✗'} ${label}: ${resources.length} resources rendered`);
  for (const line of conformOut.split('\n')) say(`  kubeconform: ${line.replace(/^stdin - /, '')}`);
  say(`  house rules: ${problems.length ? `${problems.length} problem(s)` : 'ok'}`);
  for (const p of problems) say(`    - ${p}`);
  return ok;
}

function main(argv) {
  if (argv.includes('-h') || argv.includes('--help')) {
    say('usage: node tools/scripts/validate-k8s.mjs [kustomization-dir ...]  (default: k8s/base and k8s/overlays/*)');
    return 0;
  }
  const targets = argv.length ? argv.map((a) => path.resolve(a)) : defaultTargets();
  let kustomize, kubeconform, schemaRoot;
  try {
    kustomize = ensureGoBinary('kustomize');
    kubeconform = ensureGoBinary('kubeconform');
    schemaRoot = ensureSchemas();
  } catch (err) {
    if (!(err instanceof SetupError)) throw err;
    process.stderr.write(`validate-k8s: ${err.message}\n`);
    return 2;
  }
  say(`Kubernetes ${k8sVersion} schemas (strict) from ${schemaRoot}`);
  let failed = 0;
  for (const target of targets) {
    if (!validate(target, kustomize, kubeconform, schemaRoot)) failed += 1;
  }
  say(
    failed ? `${failed} of ${targets.length} kustomization(s) invalid` : `all ${targets.length} kustomization(s) valid`,
  );
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
