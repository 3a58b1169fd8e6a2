import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type MailMessage = { to: string; subject: string; text: string };

/** The one way the app sends e-mail. `send` rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Rejects when a message could not be handed over now (the SMTP server does not answer its greeting and login),
   * without sending one: recovery asks it for an unknown address, so that both answer alike while mail is down.
   */
  check?(): Promise<void>;
  /** Where messages go, for the start-up log (no credentials). */
  readonly description: string;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise every message is written as an .eml file to DATA_DIR/outbox, so a
 * fresh checkout can walk through password recovery with no mail server (open the file in any mail client).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      // A dead server must answer the user in seconds, not after nodemailer's two-minute default.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const url = new URL(config.smtpUrl);
    const description = `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    log.info(`e-mail is sent through ${description}`);
    return {
      description,
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      async check() {
        await transport.verify();
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const description = `.eml files in ${outbox}`;
  log.info(`SMTP_URL is not set: e-mails are written as ${description}`);
  return {
    description,
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
    },
    async check() {
      await mkdir(outbox, { recursive: true, mode: 0o700 });
    },
    close: () => transport.close(),
  };
}
