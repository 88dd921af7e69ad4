import { defineEvent } from '../envelope';
import { z } from '../zod';

export const chatUserBannedV1 = defineEvent(
  'chat.user-banned.v1',
  z.object({
    username: z.string().min(1),
    bannedBy: z.string().min(1),
    banStart: z.string().datetime(),
  }),
);

export const chatUserUnbannedV1 = defineEvent(
  'chat.user-unbanned.v1',
  z.object({
    username: z.string().min(1),
    unbannedBy: z.string().min(1),
    banStart: z.string().datetime(),
    banEnd: z.string().datetime(),
  }),
);
