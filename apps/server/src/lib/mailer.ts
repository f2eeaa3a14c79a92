import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time link the message carries; logged when mail goes to files, so a developer can click it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under DATA_DIR/mail
 * (DESIGN.md "e-mail"), which the browser tests read to follow the links.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ link: _link, ...message }) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      },
    };
  }
  const dir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file, link }, 'e-mail written to file (SMTP_URL not set)');
    },
  };
}

/**
 * Mail the answer must not wait for (SECURITY.md: an answer that waits for the mail tells whether the address
 * has an account). Each task starts at once and its failure is logged; `settled` is for shutting down.
 */
export function mailInBackground(logger: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(task: () => Promise<void>): void {
      const running = task()
        .catch((error: unknown) => logger.error({ err: error }, 'could not send e-mail'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled(): Promise<void> {
      await Promise.all(pending);
    },
  };
}
