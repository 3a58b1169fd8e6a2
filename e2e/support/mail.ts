import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export const MAIL_DIR = process.env.E2E_RESULTS_DIR
  ? path.resolve(process.env.E2E_RESULTS_DIR, 'mail')
  : path.resolve(import.meta.dirname, '..', '..', 'test-results', 'mail');

/** Waits for the newest message to `to` received after `since`, as the real SMTP server stored it. */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith(`-${to}.eml`) && Number(f.split('-')[0]) >= since)
      .sort();
    const newest = files.at(-1);
    if (newest) return simpleParser(readFileSync(path.join(MAIL_DIR, newest)));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} arrived within ${timeoutMs} ms`);
}

/** The 6-digit recovery code in a message. */
export async function waitForCode(to: string, since: number): Promise<string> {
  const mail = await waitForMail(to, since);
  const code = (mail.text ?? '').match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`the e-mail to ${to} holds no 6-digit code`);
  return code;
}
