import fs from 'node:fs';
import path from 'node:path';
import { StackError } from './errors';
import { run, which } from './proc';
import type { StackSettings } from './settings';

type Say = (line: string) => void;

const goEnv = (s: StackSettings): NodeJS.ProcessEnv => ({
  ...process.env,
  // The module proxy reachable from these machines serves module zips but not the checksum database;
  // each module's own go.sum still pins and verifies its dependencies.
  GOSUMDB: process.env.GOSUMDB ?? 'off',
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
  GOPATH: process.env.GOPATH ?? path.join(s.cacheDir, 'gopath'),
});

export function requireTool(cmd: string, hint: string): string {
  const found = which(cmd);
  if (!found) throw new StackError(`${cmd} not found: ${hint}`);
  return found;
}

interface GoBinary {
  name: string;
  module: string;
  version: string;
  /** Names a build whose source `prepare` changes, so a cached build of another variant is not reused. */
  variant?: string;
  pkg: string;
  /** Fixes up the module source before building (for example a version file the release build generates). */
  prepare?: (srcDir: string) => void;
}

/**
 * Builds a Go server from its module source into the cache, once per version. We fetch the module with
 * `go mod download` and build in a copy rather than `go install mod@version`, because install also asks the
 * proxy for the module's version list (for deprecation notices), which the proxy here refuses.
 */
export function ensureGoBinary(s: StackSettings, bin: GoBinary, say: Say): string {
  const target = path.join(s.cacheDir, 'bin', `${bin.name}-${bin.version}${bin.variant ? `-${bin.variant}` : ''}`);
  if (fs.existsSync(target)) return target;
  requireTool('go', 'install the Go toolchain (1.22 or newer) to build the local engines');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const log = path.join(s.cacheDir, `build-${bin.name}.log`);
  const env = goEnv(s);
  say(`provisioning ${bin.name} ${bin.version} (first run on this machine; builds once, then cached)`);
  const info = JSON.parse(
    run('go', ['mod', 'download', '-json', `${bin.module}@${bin.version}`], { env, log, cwd: s.cacheDir }),
  ) as { Dir?: string; Error?: string };
  if (!info.Dir)
    throw new StackError(`go could not download ${bin.module}@${bin.version}: ${info.Error ?? 'no directory'}`);
  const srcDir = path.join(s.cacheDir, 'src', `${bin.name}-${bin.version}`);
  fs.rmSync(srcDir, { recursive: true, force: true });
  fs.cpSync(info.Dir, srcDir, { recursive: true });
  run('chmod', ['-R', 'u+w', srcDir]);
  bin.prepare?.(srcDir);
  run('go', ['build', '-trimpath', '-o', `${target}.tmp`, bin.pkg], { env, log, cwd: srcDir });
  fs.renameSync(`${target}.tmp`, target);
  fs.rmSync(srcDir, { recursive: true, force: true });
  return target;
}

const FERRETDB_PATCHES = path.resolve(__dirname, '..', 'patches', 'ferretdb');

/** The filter pushdown of FerretDB's SQLite backend that we replace (v1.24.2, internal/backends/sqlite). */
const FERRETDB_QUERY_PUSHDOWN = `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}

	q += whereClause`;

/**
 * FerretDB's SQLite backend pushes down only a lone string or ObjectId `_id`, and in a form SQLite cannot
 * serve from the `_id` index; every other query makes the handler decode the whole collection. Our ids are
 * numbers and our lookups name indexed fields, so on the local engine each lookup grew with its collection.
 * The patch pushes top-level scalar equalities down over the expression the indexes are built on; see
 * patches/ferretdb/README.md. MongoDB in compose and k8s needs nothing of the kind.
 */
export function patchFerretdb(dir: string): void {
  const sqlite = path.join(dir, 'internal', 'backends', 'sqlite');
  const replace = (file: string, from: string, to: string) => {
    const source = fs.readFileSync(path.join(sqlite, file), 'utf8');
    if (!source.includes(from))
      throw new StackError(`FerretDB's SQLite backend is not what the patch expects (${file}); see patches/ferretdb`);
    fs.writeFileSync(path.join(sqlite, file), source.replace(from, to));
  };
  replace(
    'collection.go',
    FERRETDB_QUERY_PUSHDOWN,
    '\twhereClause, args = leagueWhereClause(params.Filter)\n\n\tq += whereClause',
  );
  // Updates and deletes find their rows by _id: in the form the _id index is built on, not a JSON path.
  replace('metadata/metadata.go', `IDColumn = DefaultColumn + "->'$._id'"`, 'IDColumn = DefaultColumn + `->"_id"`');
  fs.copyFileSync(
    path.join(FERRETDB_PATCHES, 'league_pushdown.go'),
    path.join(dir, 'internal', 'backends', 'sqlite', 'league_pushdown.go'),
  );
  // Lifetime tracking of iterators and connections is a leak detector for FerretDB's own tests: each
  // tracked object records a stack trace in a pprof profile and gets a finalizer. A tenth of the engine's CPU
  // under our reads went there; the release build keeps every other behaviour.
  const resource = path.join(dir, 'internal', 'util', 'resource', 'resource.go');
  let tracking = fs.readFileSync(resource, 'utf8');
  for (const fn of ['Track', 'Untrack']) {
    const from = `func ${fn}(obj any, token *Token) {\n\tcheckArgs(obj, token)\n`;
    if (!tracking.includes(from))
      throw new StackError(`FerretDB's resource tracking is not what the patch expects (${fn}); see patches/ferretdb`);
    tracking = tracking.replace(from, `${from}\n\tif !leagueTrackResources {\n\t\treturn\n\t}\n`);
  }
  fs.writeFileSync(
    resource,
    `${tracking}\n// Set by the league's build: no lifetime tracking (patches/ferretdb).\nvar leagueTrackResources = false\n`,
  );
}

export const ferretdbBinary = (s: StackSettings, say: Say) =>
  ensureGoBinary(
    s,
    {
      name: 'ferretdb',
      module: 'github.com/FerretDB/FerretDB',
      version: s.versions.ferretdb,
      variant: 'league-pushdown2',
      pkg: './cmd/ferretdb',
      prepare: (dir) => {
        fs.writeFileSync(path.join(dir, 'build', 'version', 'version.txt'), `${s.versions.ferretdb}\n`);
        patchFerretdb(dir);
      },
    },
    say,
  );

export const minioBinary = (s: StackSettings, say: Say) =>
  ensureGoBinary(s, { name: 'minio', module: 'github.com/minio/minio', version: s.versions.minio, pkg: '.' }, say);

export const mailpitBinary = (s: StackSettings, say: Say) =>
  ensureGoBinary(
    s,
    { name: 'mailpit', module: 'github.com/axllent/mailpit', version: s.versions.mailpit, pkg: '.' },
    say,
  );

/** The Kafka broker's jars, resolved by Maven from tools/stack/pom.xml into the cache. */
export function kafkaLibs(s: StackSettings, say: Say): string {
  const dir = path.join(s.cacheDir, `kafka-${s.versions.kafka}`, 'libs');
  const marker = path.join(dir, '.complete');
  if (fs.existsSync(marker)) return dir;
  requireTool('java', "install a Java 17 runtime (for example Debian's openjdk-17-jre-headless) to run Kafka");
  requireTool('mvn', "install Apache Maven (for example Debian's maven) to fetch the Kafka broker");
  say(`provisioning Kafka ${s.versions.kafka} broker jars (first run on this machine; then cached)`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  run(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      path.join(s.root, 'tools', 'stack', 'pom.xml'),
      'dependency:copy-dependencies',
      `-Dkafka.version=${s.versions.kafka}`,
      `-DoutputDirectory=${dir}`,
      '-DincludeScope=runtime',
    ],
    { log: path.join(s.cacheDir, 'build-kafka.log') },
  );
  fs.writeFileSync(marker, new Date().toISOString());
  return dir;
}

/** Installs a Debian package when its command is missing and we may (root with apt-get); else says how. */
export function ensureDebianCommand(cmd: string, pkg: string, say: Say): string {
  const found = which(cmd);
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !which('apt-get')) {
    throw new StackError(`${cmd} not found: install Debian's ${pkg} package (apt-get install ${pkg})`);
  }
  say(`installing Debian package ${pkg} (for ${cmd})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  } catch {
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  }
  const installed = which(cmd);
  if (!installed) throw new StackError(`${pkg} was installed but ${cmd} is still not on PATH`);
  return installed;
}

/**
 * Installs Debian packages when `cmd` is missing or a package is not installed, and we may (root with
 * apt-get); else says how. Returns the command's path. Used for packages that bring a command and modules
 * of it (nginx and its brotli module).
 */
export function ensureDebianPackages(pkgs: string[], cmd: string, say: Say): string {
  const installed = (pkg: string) =>
    /^install ok installed$/m.test(run('dpkg-query', ['-W', '-f=${Status}\\n', pkg], {}).trim());
  const missing = pkgs.filter((pkg) => {
    try {
      return !installed(pkg);
    } catch {
      return true;
    }
  });
  const found = which(cmd) ?? (fs.existsSync(`/usr/sbin/${cmd}`) ? `/usr/sbin/${cmd}` : undefined);
  if (found && missing.length === 0) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !which('apt-get')) {
    throw new StackError(
      `${cmd} not found: install Debian's ${missing.join(' ')} (apt-get install ${missing.join(' ')})`,
    );
  }
  say(`installing Debian packages ${missing.join(', ')} (for ${cmd})`);
  // RUNLEVEL=1: the package's scripts must not start a system-wide nginx on port 80.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  try {
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env });
  } catch {
    run('apt-get', ['update'], { env });
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env });
  }
  const now = which(cmd) ?? (fs.existsSync(`/usr/sbin/${cmd}`) ? `/usr/sbin/${cmd}` : undefined);
  if (!now) throw new StackError(`${missing.join(' ')} installed but ${cmd} is still not found`);
  return now;
}
