import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helper';
import { startSmtpCatcher } from '../../../test/smtp';
import { SEND_CODE_MIN_MS } from './password-reset.service';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe('password recovery timing', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    const roomy = { max: 1000, windowMs: 60_000 };
    app = await buildTestApp({ SMTP_URL: smtp.url }, { rateLimits: { sendCodePerEmail: roomy, sendCodePerIp: roomy } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('answers a known and an unknown address after the same time, so the time tells nothing', async () => {
    const { email } = await signUp(app);
    const timeOf = async (address: string) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/code',
        payload: { email: address },
      });
      expect(res.statusCode).toBe(202);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await timeOf(email));
      unknown.push(await timeOf(`nobody${i}@example.org`));
    }
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(SEND_CODE_MIN_MS - 5);
    // Without the floor the unknown address answers in a few ms and the known one after the SMTP round trip.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(SEND_CODE_MIN_MS / 4);
  }, 60_000);
});
