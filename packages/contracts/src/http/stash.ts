import { z } from '../zod';

/** An item as the game launcher sends and reads it (LAUNCHER-API.md: item strings are "" when empty). */
export const launcherItemSchema = z
  .object({
    name: z.string().min(1).max(512),
    prefix: z.string().max(512).default(''),
    suffix: z.string().max(512).default(''),
    modifier: z.string().max(512).default(''),
    illusion: z.string().max(512).default(''),
    component: z.string().max(512).default(''),
    completion: z.string().max(512).default(''),
    augment: z.string().max(512).default(''),
    itemSeed: z.number().int().min(0).max(0xffffffff).default(0),
    componentSeed: z.number().int().min(0).max(0xffffffff).default(0),
    augmentSeed: z.number().int().min(0).max(0xffffffff).default(0),
    stackCount: z.number().int().min(1).max(0xffffffff).default(1),
  })
  .openapi('LauncherItem');
export type LauncherItem = z.infer<typeof launcherItemSchema>;
