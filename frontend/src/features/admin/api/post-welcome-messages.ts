import { apiClient } from '@/lib/api-client';
import type { WelcomeMessage } from './admin-types';

export interface WelcomeMessageInput {
  chatSystemMessageId: number;
  message: string;
}

/** POST /chat/welcome-messages: saves the list in this order (displayOrder 1..n; id 0 = new). */
export function postWelcomeMessages(messages: WelcomeMessageInput[]): Promise<WelcomeMessage[]> {
  return apiClient.post<WelcomeMessage[]>('/chat/welcome-messages', messages);
}
