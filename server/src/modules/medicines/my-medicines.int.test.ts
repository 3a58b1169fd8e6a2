import { execFileSync } from 'node:child_process';
import { MyMedicinesResponseSchema, type MyMedicinesResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestApp } from '../../../test/helper';

describe('My medicines: /api/my-medicines', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const ok = async (res: Awaited<ReturnType<typeof call>>): Promise<MyMedicinesResponse> => {
    expect(res.statusCode, res.body).toBe(200);
    return MyMedicinesResponseSchema.parse(res.json());
  };

  it('is for signed-in users only', async () => {
    expect((await call('GET', '/api/my-medicines')).statusCode).toBe(401);
    expect((await call('POST', '/api/my-medicines', undefined, { name: 'paracetamol' })).statusCode).toBe(401);
  });

  it('stores nothing without the health-data consent (409 consent_required)', async () => {
    const bob = await signUp(app, { consent: false });
    const res = await call('POST', '/api/my-medicines', bob.cookie, { name: 'paracetamol' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('consent_required');
    expect((await ok(await call('GET', '/api/my-medicines', bob.cookie))).items).toEqual([]);
    const [row] = await sql<{ count: string | number }>(
      app,
      `select count(*) as count from user_medicines where user_id = '${bob.id}'`,
    );
    expect(Number(row?.count)).toBe(0);
  });

  it('checks the list on every change: two paracetamol products are a duplicate, gone when one is removed', async () => {
    const alice = await signUp(app);
    let body = await ok(
      await call('POST', '/api/my-medicines', alice.cookie, { name: 'Paracetamol (acetaminophen)', dosesPerDay: 4 }),
    );
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ resolvedAs: 'product', ingredients: ['paracetamol'], dosesPerDay: 4 });
    expect(body.check.findings.filter((f) => f.kind === 'duplicate')).toEqual([]);

    body = await ok(
      await call('POST', '/api/my-medicines', alice.cookie, { name: 'paracetamol 500 mg', dosesPerDay: 2 }),
    );
    const duplicate = body.check.findings.find((f) => f.kind === 'duplicate');
    expect(duplicate?.medicines).toEqual(['Paracetamol (acetaminophen)', 'paracetamol 500 mg']);
    expect(duplicate?.severity).toBe('serious');

    // Another user never sees it, nor can remove it.
    const eve = await signUp(app);
    expect((await ok(await call('GET', '/api/my-medicines', eve.cookie))).items).toEqual([]);
    const second = body.items[1]?.id as string;
    expect((await call('DELETE', `/api/my-medicines/${second}`, eve.cookie)).statusCode).toBe(404);

    body = await ok(await call('DELETE', `/api/my-medicines/${second}`, alice.cookie));
    expect(body.items).toHaveLength(1);
    expect(body.check.findings.filter((f) => f.kind === 'duplicate')).toEqual([]);
    expect((await call('DELETE', '/api/my-medicines/not-an-id', alice.cookie)).statusCode).toBe(400);
  });

  it('checks for the person saved with the list (a child: aspirin is flagged)', async () => {
    const carer = await signUp(app);
    let body = await ok(await call('POST', '/api/my-medicines', carer.cookie, { name: 'aspirin' }));
    expect(body.check.findings.filter((f) => f.kind === 'person')).toEqual([]);
    body = await ok(
      await call('PUT', '/api/my-medicines/person', carer.cookie, { person: { kind: 'child', ageYears: 6 } }),
    );
    expect(body.person).toEqual({ kind: 'child', ageYears: 6 });
    expect(body.check.personDescription).toBe('a child of 6');
    expect(body.check.findings.some((f) => f.kind === 'person' && /aspirin/.test(f.title))).toBe(true);
    const bad = await call('PUT', '/api/my-medicines/person', carer.cookie, {
      person: { kind: 'child', ageYears: 99 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('person.ageYears');
    body = await ok(await call('PUT', '/api/my-medicines/person', carer.cookie, { person: null }));
    expect(body.person).toBeNull();
  });

  it('refuses a bad entry with a 400 naming the field, and nothing is stored', async () => {
    const dan = await signUp(app);
    for (const [payload, field] of [
      [{}, 'name'],
      [{ name: 'x' }, 'name'],
      [{ name: 'paracetamol', dosesPerDay: 25 }, 'dosesPerDay'],
      [{ name: 'paracetamol', strengthMg: 0 }, 'strengthMg'],
      [{ name: 'paracetamol', colour: 'red' }, 'colour'],
    ] as const) {
      const res = await call('POST', '/api/my-medicines', dan.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect((await ok(await call('GET', '/api/my-medicines', dan.cookie))).items).toEqual([]);
  });

  it('the health-record PDF has a section with the list and what its check found', async () => {
    const pat = await signUp(app);
    await ok(await call('POST', '/api/my-medicines', pat.cookie, { name: 'Paracetamol (acetaminophen)' }));
    await ok(await call('POST', '/api/my-medicines', pat.cookie, { name: 'paracetamol' }));
    const res = await call('GET', '/api/health-record/report.pdf', pat.cookie);
    expect(res.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).toContain('My medicines, checked together');
    expect(text).toContain('Checked for an adult: Paracetamol (acetaminophen); paracetamol.');
    expect(text).toMatch(/Serious: Paracetamol \(acetaminophen\) and paracetamol both contain paracetamol/);
    // Without a list, no section.
    const none = await signUp(app);
    const empty = await call('GET', '/api/health-record/report.pdf', none.cookie);
    expect(execFileSync('pdftotext', ['-', '-'], { input: empty.rawPayload }).toString('utf8')).not.toContain(
      'My medicines',
    );
  });

  it('the rows go with the account (on delete cascade)', async () => {
    const gone = await signUp(app);
    await ok(await call('POST', '/api/my-medicines', gone.cookie, { name: 'ibuprofen' }));
    await ok(await call('PUT', '/api/my-medicines/person', gone.cookie, { person: { kind: 'pregnant' } }));
    await sql(app, `delete from users where id = '${gone.id}'`);
    const [row] = await sql<{ meds: string | number; profiles: string | number }>(
      app,
      `select (select count(*) from user_medicines where user_id = '${gone.id}') as meds, (select count(*) from user_medicine_profiles where user_id = '${gone.id}') as profiles`,
    );
    expect(Number(row?.meds)).toBe(0);
    expect(Number(row?.profiles)).toBe(0);
  });
});
