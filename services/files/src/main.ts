import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('files', createLogger('files'), () => start());
