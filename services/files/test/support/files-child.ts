// A files service in its own process, for the crash test: started with the environment passed as JSON,
// it prints its URL and runs until it is killed.
import { start } from '../../src/server';

async function main() {
  const env = JSON.parse(process.argv[2]!) as NodeJS.ProcessEnv;
  const svc = await start(env);
  process.stdout.write(`${JSON.stringify({ url: svc.url })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
