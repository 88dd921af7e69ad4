import { defineEvent } from '../envelope';
import { z } from '../zod';

export const roleSchema = z.enum(['admin', 'tester', 'supporter_s7', 'player']);
export type Role = z.infer<typeof roleSchema>;

export const userRegisteredV1 = defineEvent(
  'account.user-registered.v1',
  z.object({
    userId: z.string().min(1),
    username: z.string().min(1),
    registeredAt: z.string().datetime(),
    /** Roles given at creation (the demo seed's admin and tester); absent means a plain player. */
    roles: z.array(z.string()).optional(),
  }),
);

export const rolesChangedV1 = defineEvent(
  'account.roles-changed.v1',
  z.object({
    userId: z.string().min(1),
    username: z.string().min(1),
    roles: z.array(z.string()),
  }),
);

export const socialsUpdatedV1 = defineEvent(
  'account.socials-updated.v1',
  z.object({
    userId: z.string().min(1),
    username: z.string().min(1),
    twitchUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
  }),
);
