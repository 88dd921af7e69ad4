import { createWorker, type Logger } from '@league/platform';
import nodemailer from 'nodemailer';
import { resetMailText, type ResetMailJob } from '../mail/reset-mail';

/** Sends queued mails over SMTP (Mailpit locally); BullMQ retries a failed send with backoff. */
export function startMailWorker(opts: {
  queue: string;
  redisUrl: string;
  smtpUrl: string;
  from: string;
  ttlMinutes: number;
  logger: Logger;
}) {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const worker = createWorker<ResetMailJob>(opts.queue, opts.redisUrl, opts.logger, async (job) => {
    await transport.sendMail({ from: opts.from, to: job.email, ...resetMailText(job, opts.ttlMinutes) });
  });
  return async () => {
    await worker.close();
    transport.close();
  };
}
