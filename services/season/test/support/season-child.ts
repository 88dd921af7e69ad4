// A season service in its own process, for the kill test: started with the environment passed as JSON, it
// prints its URL and runs until it is killed. Given a settlement id and a step as further arguments, it
// SIGKILLs itself just before applying that step of that settlement (the real death of the process, not a
// thrown error: nothing after it runs, no offset is committed, no finally block runs).
import { start } from '../../src/server';

async function main() {
  const env = JSON.parse(process.argv[2]!) as NodeJS.ProcessEnv;
  const [killAtSettlement, killAtStep] = [process.argv[3], Number(process.argv[4])];
  const svc = await start(env);
  if (killAtSettlement)
    svc.stash.faults = {
      beforeStep: (operation, step) => {
        if (operation === killAtSettlement && step === killAtStep) process.kill(process.pid, 'SIGKILL');
      },
    };
  process.stdout.write(`${JSON.stringify({ url: svc.url })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
