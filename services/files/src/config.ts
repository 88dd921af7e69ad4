import { loadConfig, minioConfigSchema, serviceConfigSchema } from '@league/platform';

export const configSchema = serviceConfigSchema('files', 4004).merge(minioConfigSchema);
export type Config = ReturnType<typeof configSchema.parse>;

export const loadServiceConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfig(configSchema, env);
