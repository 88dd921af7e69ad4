export { up, down, status, allHealthy, logFile } from './stack';
export { loadSettings, engineUrls, engineUrlsFor, type StackSettings } from './settings';
export { StackError } from './errors';
