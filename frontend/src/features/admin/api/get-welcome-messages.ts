import { apiClient } from '@/lib/api-client';
import type { WelcomeMessage } from './admin-types';

/** GET /chat/welcome-messages: in display order. */
export function getWelcomeMessages(): Promise<WelcomeMessage[]> {
  return apiClient.get<WelcomeMessage[]>('/chat/welcome-messages');
}
