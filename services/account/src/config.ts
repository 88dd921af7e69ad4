import { loadConfig, serviceConfigSchema } from '@league/platform';

export const configSchema = serviceConfigSchema('account', 4001);
export type Config = ReturnType<typeof configSchema.parse>;

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);
