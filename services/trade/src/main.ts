import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('trade', createLogger('trade'), () => start());
