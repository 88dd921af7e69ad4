import { z } from '../zod';

/** The one error shape every service answers with. */
export const errorBodySchema = z.object({ message: z.string(), code: z.string().optional() }).openapi('ErrorBody');
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const branchSchema = z.enum(['prod', 'beta']).default('prod');
export type Branch = z.infer<typeof branchSchema>;

/** Query flags arrive as strings ('true'/'false'); anything else is a 400, not a silent false. */
export const booleanQuery = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((v) => v === 'true' || v === 'True' || v === '1');

export const idParam = z.coerce.number().int().positive();

export const healthSchema = z.object({ status: z.literal('ok'), service: z.string() }).openapi('Health');
export const readySchema = z
  .object({ status: z.enum(['ready', 'not-ready']), checks: z.record(z.boolean()) })
  .openapi('Ready');
