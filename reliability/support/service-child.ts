// One league service in its own node process, for the reliability suites: `season` or `trade`, started with
// the environment passed as JSON. It prints one line `READY {"url":…,"pid":…}` once it serves, then runs
// until it is stopped (SIGTERM: a clean stop) or killed (SIGKILL: the real death of the process).
async function main() {
  const [kind, envJson] = [process.argv[2], process.argv[3]];
  const env = JSON.parse(envJson ?? '{}') as NodeJS.ProcessEnv;
  const svc =
    kind === 'season'
      ? await (await import('../../services/season/src/server')).start(env)
      : kind === 'trade'
        ? await (await import('../../services/trade/src/server')).start(env)
        : undefined;
  if (!svc) throw new Error(`unknown service '${kind}'`);
  process.on('SIGTERM', () => {
    void svc.stop().finally(() => process.exit(0));
  });
  process.stdout.write(`READY ${JSON.stringify({ url: svc.url, pid: process.pid })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
