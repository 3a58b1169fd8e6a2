import { execFileSync } from 'node:child_process';
import type { TriageStepResponse } from '@medibuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, sql, type TestApp } from '../../../test/helper';

describe('symptom triage API (/api/triage)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const start = (payload: object) => app.inject({ method: 'POST', url: '/api/triage/sessions', payload });
  const answer = (payload: object) => app.inject({ method: 'POST', url: '/api/triage/sessions/answers', payload });

  it("reads the complaint in the person's words and asks a first question", async () => {
    const res = await start({ age: 34, sex: 'female', complaint: 'sore throte and runny noes, sneezing alot' });
    expect(res.statusCode).toBe(200);
    const body = res.json<TriageStepResponse>();
    expect(body.understood).toEqual(expect.arrayContaining(['Sore throat', 'Runny nose', 'Sneezing']));
    expect(body.question?.id).toMatch(/^[a-z_]+$/);
    expect(body.question?.number).toBe(1);
    expect(body.result).toBeNull();
    expect(body.session.answers).toEqual([]);
  });

  it('ends at once with emergency advice when the complaint is a red flag on the product list', async () => {
    const res = await start({ age: 58, sex: 'male', complaint: 'crushing chest pain and sweating' });
    const body = res.json<TriageStepResponse>();
    expect(body.question).toBeNull();
    expect(body.result?.triage.level).toBe('emergency');
    expect(body.result?.triage.headline).toBe('Call an emergency number now');
    expect(body.result?.triage.emergencyNumbers).toContain('911');
    expect(body.result?.conditions.map((c) => c.id)).toContain('heart_attack');
  });

  it('stops at the first red-flag answer that needs an emergency service', async () => {
    const first = (await start({ age: 30, sex: 'male', complaint: 'bad headache' })).json<TriageStepResponse>();
    const res = await answer({ session: first.session, questionId: 'sudden_severe_headache', answer: 'yes' });
    const body = res.json<TriageStepResponse>();
    expect(body.result?.triage.level).toBe('emergency');
    expect(body.result?.triage.reasons.join(' ')).toMatch(/bleeding in the brain/);
  });

  it('brings the crisis lines into the advice when the person says yes to thoughts of suicide', async () => {
    const first = (
      await start({ age: 30, sex: 'male', complaint: 'feeling low and hopeless for weeks' })
    ).json<TriageStepResponse>();
    const body = (
      await answer({ session: first.session, questionId: 'suicidal_thoughts', answer: 'yes' })
    ).json<TriageStepResponse>();
    expect(body.result?.triage.level).toBe('emergency');
    expect(body.result?.triage.advice).toMatch(/crisis line/);
    expect(body.result?.triage.isCrisis).toBe(true);
    expect(body.result?.triage.emergencyNumbers).toBeDefined();
  });

  it('walks a cold to self-care advice, with the supporting answers and the notice', async () => {
    let body = (
      await start({ age: 25, sex: 'male', complaint: 'runny nose, sneezing and a cough' })
    ).json<TriageStepResponse>();
    const yes = new Set(['blocked_nose', 'sore_throat', 'sick_contacts']);
    while (body.question) {
      expect(body.session.answers.length).toBeLessThan(15);
      const res = await answer({
        session: body.session,
        questionId: body.question.id,
        answer: yes.has(body.question.id) ? 'yes' : 'no',
      });
      expect(res.statusCode).toBe(200);
      body = res.json<TriageStepResponse>();
    }
    expect(body.result?.triage.level).toBe('self_care');
    expect(body.result?.conditions[0]?.id).toBe('common_cold');
    expect(body.result?.conditions[0]?.supportingAnswers).toContain('Runny nose');
    expect(body.result?.conditions.length).toBeGreaterThanOrEqual(3);
    expect(body.result?.notice).toMatch(/not a diagnosis/);
  });

  it('takes "I don\'t know" as no evidence and keeps asking', async () => {
    const first = (await start({ age: 40, sex: 'female', complaint: 'tummy ache' })).json<TriageStepResponse>();
    const res = await answer({ session: first.session, questionId: first.question!.id, answer: 'dont_know' });
    const body = res.json<TriageStepResponse>();
    expect(body.session.answers).toEqual([{ questionId: first.question!.id, answer: 'dont_know' }]);
    expect(body.question?.id).not.toBe(first.question!.id);
  });

  it.each([
    [{ sex: 'female', complaint: 'cough' }, 'age'],
    [{ age: -1, sex: 'female', complaint: 'cough' }, 'age'],
    [{ age: 30, sex: 'other', complaint: 'cough' }, 'sex'],
    [{ age: 30, sex: 'female', complaint: '' }, 'complaint'],
    [{ age: 30, sex: 'female', complaint: 'x'.repeat(501) }, 'complaint'],
    [{ age: 30, sex: 'male', pregnant: true, complaint: 'cough' }, 'pregnant'],
    [{ age: 30, sex: 'female', complaint: 'cough', extra: 1 }, 'extra'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const res = await start(payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors[0].field).toBe(field);
  });

  it('refuses an answer to a question it does not know, naming the field', async () => {
    const first = (await start({ age: 40, sex: 'female', complaint: 'cough' })).json<TriageStepResponse>();
    const unknown = await answer({ session: first.session, questionId: 'no_such_question', answer: 'yes' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'questionId', rule: 'unknown_question' });
    const badValue = await answer({ session: first.session, questionId: 'fever', answer: 'maybe' });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().errors[0].field).toBe('answer');
    const badHistory = await answer({
      session: { ...first.session, answers: [{ questionId: 'made_up', answer: 'yes' }] },
      questionId: 'fever',
      answer: 'yes',
    });
    expect(badHistory.json().errors[0].field).toBe('session.answers.0.questionId');
  });

  async function finishedSession(complaint = 'runny nose and sneezing') {
    let body = (await start({ age: 25, sex: 'male', complaint })).json<TriageStepResponse>();
    while (body.question)
      body = (
        await answer({ session: body.session, questionId: body.question.id, answer: 'no' })
      ).json<TriageStepResponse>();
    return body;
  }
  const save = (payload: object, cookie?: string) =>
    app.inject({ method: 'POST', url: '/api/triage/saved', payload, headers: cookie ? { cookie } : {} });
  const countOf = async (userId: string) =>
    Number(
      (
        await sql<{ n: string | number }>(
          app,
          `select count(*) as n from triage_assessments where user_id = '${userId}'`,
        )
      )[0]?.n,
    );

  it('keeps a finished check only for a signed-in user with the health-data consent', async () => {
    const done = await finishedSession();
    expect((await save({ session: done.session })).statusCode).toBe(401);
    const bob = await signUp(app, { consent: false });
    const refused = await save({ session: done.session }, bob.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('consent_required');
    expect(await countOf(bob.id)).toBe(0);

    const alice = await signUp(app);
    const saved = await save({ session: done.session }, alice.cookie);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ complaint: 'runny nose and sneezing', level: done.result!.triage.level });
    expect(saved.json().result.conditions[0].id).toBe(done.result!.conditions[0]!.id);
    const list = await app.inject({ method: 'GET', url: '/api/triage/saved', headers: { cookie: alice.cookie } });
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual([saved.json().id]);
  });

  it('prints the kept checks in the health-record PDF, and none for a user who kept none', async () => {
    const done = await finishedSession('runny nose and sneezing');
    const carol = await signUp(app);
    expect((await save({ session: done.session }, carol.cookie)).statusCode).toBe(201);
    const pdf = await app.inject({
      method: 'GET',
      url: '/api/health-record/report.pdf',
      headers: { cookie: carol.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload }).toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Symptom checks');
    expect(text).toContain('Described as: "runny nose and sneezing"');
    expect(text).toContain(done.result!.triage.headline);
    const dave = await signUp(app);
    const empty = await app.inject({
      method: 'GET',
      url: '/api/health-record/report.pdf',
      headers: { cookie: dave.cookie },
    });
    expect(execFileSync('pdftotext', ['-', '-'], { input: empty.rawPayload }).toString('utf8')).not.toContain(
      'Symptom checks',
    );
  });

  it('refuses to keep an unfinished check, naming the field, and stores nothing', async () => {
    const alice = await signUp(app);
    const first = (await start({ age: 25, sex: 'male', complaint: 'cough' })).json<TriageStepResponse>();
    const res = await save({ session: first.session }, alice.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'session.answers', rule: 'not_finished' });
    expect(await countOf(alice.id)).toBe(0);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/triage/sessions']?.post.requestBody).toBeDefined();
    expect(doc.paths['/api/triage/sessions/answers']?.post.responses['200']).toBeDefined();
  });
});
