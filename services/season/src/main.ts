import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('season', createLogger('season'), () => start());
