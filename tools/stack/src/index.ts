export { up, down, status, allHealthy, logFile } from './stack';
export { loadSettings, engineUrls, type StackSettings } from './settings';
export { StackError } from './errors';
