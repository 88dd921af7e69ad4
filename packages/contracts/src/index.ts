export { z } from './zod';
export * from './envelope';
export * from './topics';
export * from './events/account';
export * from './http/common';
export * from './http/files';
export * from './events/files';
