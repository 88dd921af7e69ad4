import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('bff', createLogger('bff'), async () => {
  const bff = await start();
  console.log(`Grim League is up: http://localhost:${bff.port}`);
  return bff;
});
