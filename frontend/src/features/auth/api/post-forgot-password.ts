import { apiClient } from '@/lib/api-client';

/**
 * POST /account/forgot-password: mails a six-digit reset code (GET /account/request-token sends the
 * same kind of code). The answer is the same whether or not the email is registered.
 */
export function postForgotPassword(email: string): Promise<{ message: string }> {
  return apiClient.post<{ message: string }>('/account/forgot-password', { email }, { showError: false });
}
