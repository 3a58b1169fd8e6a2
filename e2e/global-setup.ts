import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { APP_PORT, SMTP_PORT } from './playwright.config';
import { startAppServer } from './support/app-server';
import { MAIL_DIR } from './support/mail';

/**
 * Starts the real pieces the browser tests talk to: an SMTP server that keeps every message as a file
 * (the tests read the recovery codes from there), and the built app on a fresh embedded database.
 */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${++count}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });

  const app = await startAppServer({ port: APP_PORT, smtpPort: SMTP_PORT });
  return async () => {
    await app.stop();
    await new Promise<void>((r) => smtp.close(() => r()));
  };
}
