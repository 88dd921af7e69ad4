import type { TypedQueue } from '@league/platform';
import type { ResetMailer } from '../domain/ports';

export interface ResetMailJob {
  email: string;
  username: string;
  code: string;
}

export function resetMailText(job: ResetMailJob, ttlMinutes: number) {
  return {
    subject: 'Your Grim League password reset code',
    text:
      `Hello ${job.username},\n\n` +
      `your password reset code is ${job.code}\n\n` +
      `It works once, for ${ttlMinutes} minutes. If you did not ask for it, ignore this mail: ` +
      `your password stays as it is.\n`,
  };
}

/** Hands the mail to the queue: the request answers at once and SMTP hiccups are retried by the worker. */
export class QueuedResetMailer implements ResetMailer {
  constructor(private readonly queue: TypedQueue<ResetMailJob>) {}

  async sendResetCode(to: { email: string; username: string }, code: string) {
    await this.queue.add('reset-code', { email: to.email, username: to.username, code });
  }
}
