import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('account', createLogger('account'), () => start());
