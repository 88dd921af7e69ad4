import { createLogger, runMain } from '@league/platform';
import { start } from './server';

void runMain('chat', createLogger('chat'), () => start());
