import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestAccount, type TestApp } from '../../../test/helper';
import { VALID_INPUTS } from '../../../test/clinical-inputs';
import { askChat } from '../../../test/chat';
import { parseSse, startFakeOpenAi, type FakeLlmServer } from '../../../test/llm-servers';
import { DECLINE_ANSWER } from './respond';

/**
 * One reply per kind of question, through the API on our own content (no MedQuAD needed): reference values,
 * medicine facts, declines, honest abstentions, passages about the very topic asked, and the user's own result
 * (signed in, consented, theirs only). With a model provider configured, only passages ever reach it.
 */
const ask = askChat;

describe('chat answers by kind of question (offline assistant)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => app?.close());

  it('a dose: the adult maximum with its source, and "ask a pharmacist or doctor"', async () => {
    const r = await ask(app, 'how much paracetamol can an adult take in a day?');
    expect(r.kind).toBe('answer');
    expect(r.text).toMatch(/no more than 4 g/);
    expect(r.text).toMatch(/Ask a pharmacist or doctor/);
    expect(r.sources[0]?.url).toMatch(/^https:\/\/www\.nhs\.uk\//);
    expect(r.text).not.toMatch(/ADULT syndrome/i);
  });

  it('a number that is not an age does not turn an adult into a child', async () => {
    const often = await ask(app, 'is 2 paracetamol every 2 hours ok');
    expect(often.text).toMatch(/Paracetamol for adults/);
    expect(often.text).toMatch(/every 4 to 6 hours/);
    expect(often.text).not.toMatch(/children|years to/);
    const long = await ask(app, "i've had back pain for 2 years, how much ibuprofen can i take");
    expect(long.text).toMatch(/Ibuprofen for adults/);
  });

  it('more than the dose taken: what the source says for an adult, and to call now even if well', async () => {
    const extra = await ask(app, 'i took 2 extra paracetamol by mistake');
    expect(extra.kind).toBe('answer');
    expect(extra.text).toMatch(/1 or 2 extra tablets by accident is unlikely to be harmful/);
    expect(extra.text).toMatch(/more than 8 tablets \(4 g\) in 24 hours/);
    expect(extra.text).toMatch(/poison centre now, even if they seem well/);
    expect(extra.sources.map((s) => s.url)).toContain('https://www.nhs.uk/conditions/poisoning/');
    // A child: no adult's "1 or 2 tablets", only the call.
    const child = await ask(app, 'gave my son an extra dose of calpol by mistake');
    expect(child.text).not.toMatch(/1 or 2 extra tablets/);
    expect(child.text).toMatch(/poison centre now, even if they seem well/);
    // A brand, a product of several ingredients, a child given too much: the call first, never the dose table.
    const calpol = await ask(app, 'accidentally gave my son too much calpol');
    expect(calpol.text).toMatch(/^\*\*If more calpol than the dose was taken/);
    expect(calpol.text).not.toMatch(/months to/);
    const product = await ask(app, 'i took 2 extra co-codamol by mistake');
    expect(product.text).toMatch(/poison centre now, even if they seem well/);
    expect(product.text).not.toMatch(/1 or 2 extra tablets/);
    const both = await ask(app, 'took paracetamol and then co-codamol by mistake');
    expect(both.text).toMatch(/^\*\*If more than the dose was taken/);
    expect(both.text).not.toMatch(/1 or 2 extra tablets/);
    expect(both.text).toMatch(/both contain paracetamol/);
    const asked = await ask(app, 'what happens if you take too much paracetamol');
    expect(asked.text).toMatch(/get urgent advice now/);
    // Questions about the limit itself are dose questions.
    const limit = await ask(app, 'how much paracetamol is too much');
    expect(limit.text).toMatch(/no more than 4 g/);
    expect(limit.text).not.toMatch(/poison centre/);
    const strength = await ask(app, 'i had extra strength tylenol for my headache, how much can i take');
    expect(strength.text).not.toMatch(/poison centre/);
  });

  it("a baby's temperature is read against the baby's bands: urgent from 38 °C under 3 months", async () => {
    const young = await ask(app, 'is 38 a high temperature for a baby of 2 months');
    expect(young.text).toMatch(/^\*\*This needs attention now/);
    expect(young.text).toMatch(/a high temperature for a baby under 3 months/);
    expect(young.text).not.toMatch(/paracetamol or ibuprofen can help/);
    // Said of the person's own baby, with its age, it is the safety check's infant fever: seen urgently, no ibuprofen.
    const own = await ask(app, 'my baby is 2 months and has a temperature of 38');
    expect(own.kind).toBe('emergency');
    expect(own.text).toMatch(/needs to be seen urgently/);
    const older = await ask(app, 'my 4 month old baby has a temp of 39.1');
    expect(older.text).toMatch(/a baby aged 3 to 6 months/);
    expect(older.sources.map((s) => s.url)).toContain('https://www.nhs.uk/conditions/fever-in-children/');
    // 38.5 at 4 months is below the 3-to-6-month line: the general fever band, which names both lines first.
    const below = await ask(app, 'my 4 month old has a temperature of 38.5');
    expect(below.text).toMatch(/a high temperature \(fever/);
    expect(below.text).toMatch(/^A body temperature/);
    const toddler = await ask(app, 'my 2 year old has a temperature of 38.5');
    expect(toddler.text).not.toMatch(/for a baby under 3 months \(38/);
  });

  it('bleeding in pregnancy: always checked, and the signs that mean an emergency', async () => {
    for (const question of ['is it normal to bleed a bit in early pregnancy', 'light bleeding at 6 weeks pregnant']) {
      const r = await ask(app, question);
      expect(r.kind).toBe('answer');
      expect(r.text).toMatch(/miscarriage or an ectopic pregnancy, so it always needs to be checked/);
      expect(r.text).toMatch(/Any bleeding or spotting at any stage of pregnancy/);
      expect(r.text).toMatch(/Heavy bleeding/);
      expect(r.text).toMatch(/Pain in the tip of a shoulder/);
      expect(r.sources.map((s) => s.url)).toContain(
        'https://www.nhs.uk/pregnancy/related-conditions/common-symptoms/vaginal-bleeding/',
      );
    }
  });

  it('two medicines with "on" or "take" are asked about together', async () => {
    const r = await ask(app, 'my dad is on warfarin, can he take nurofen for his knee');
    expect(r.text).toMatch(/bleeding/);
    const ssri = await ask(app, 'i take sertraline, can i take tramadol');
    expect(ssri.text).toMatch(/serotonin syndrome/);
  });

  it("a child's dose: the band for the age given; aspirin refused under 16", async () => {
    const calpol = await ask(app, 'how much calpol can my 3 year old have');
    expect(calpol.text).toMatch(/2 years to 4 years: 180 mg/);
    expect(calpol.text).not.toMatch(/240 mg/);
    const aspirin = await ask(app, 'can i give my 8 year old aspirin');
    expect(aspirin.text).toMatch(/not for a child of that age/);
    expect(aspirin.text).toMatch(/16/);
  });

  it('a medicine asked about with a reading: the medicine for that person first, then the reading', async () => {
    const feverish = await ask(app, 'my 4 year old has fever 39 can i give aspirin');
    expect(feverish.text).toMatch(/^\*\*Aspirin is not for a child of that age/);
    expect(feverish.text).toMatch(/Reye/);
    expect(feverish.text).toMatch(/39 °C is \*\*a high temperature/);
    const tenYearOld = await ask(app, 'my daughter is 10 and has a temp of 38.5, is ibuprofen ok');
    expect(tenYearOld.text).toMatch(/10 years to 12 years/);
    expect(tenYearOld.text).toMatch(/38\.5 °C/);
    expect(tenYearOld.text).not.toMatch(/hypothermia/);
  });

  it('alcohol, pregnancy and interactions: the cited fact, never "moderate drinking is probably safe"', async () => {
    const alcohol = await ask(app, 'Can I drink alcohol while taking metronidazole?');
    expect(alcohol.text).toMatch(/Do not drink alcohol while taking it and for 2 days after the last dose/);
    expect(alcohol.text).not.toMatch(/moderate drinking/i);
    const pregnancy = await ask(app, 'can i take ibuprofen while pregnant');
    expect(pregnancy.text).toMatch(/Not recommended in pregnancy/);
    const interaction = await ask(app, 'can i take ibuprofen with warfarin');
    expect(interaction.text).toMatch(/bleeding/);
    expect(interaction.sources.length).toBeGreaterThan(0);
  });

  it('a medicine by its brand with a nitrate: never together (the contraindication, not a caution about sitting down)', async () => {
    const r = await ask(app, 'can i take viagra with my gtn spray');
    expect(r.text).toMatch(/blood pressure fall dangerously/);
    expect(r.text).toMatch(/Never take them together/);
  });

  it('a drink that is not alcohol is not answered with the alcohol facts', async () => {
    const r = await ask(app, 'can i drink grapefruit juice on simvastatin');
    expect(r.text).not.toMatch(/alcohol/i);
    expect(r.text).toMatch(/grapefruit/);
    const beer = await ask(app, 'can i drink on simvastatin');
    expect(beer.text).toMatch(/Simvastatin and alcohol/);
  });

  it("a medicine with the user's condition: the warnings that name it", async () => {
    const r = await ask(app, 'can i take ibuprofen if i have asthma');
    expect(r.kind).toBe('answer');
    expect(r.text).toMatch(/asthma/i);
    expect(r.text).toMatch(/Ask a pharmacist or doctor/);
  });

  it('a pair fine for adults: the rule for children is said with it (never "both at once" for a child)', async () => {
    const r = await ask(app, 'is it ok to give my 3 yr old nurofen and calpol at the same time');
    expect(r.text).toMatch(/by adults/);
    expect(r.text).toMatch(/Children: For a child, do not give both at the same time/);
    expect(r.sources.map((s) => s.title)).toContainEqual(expect.stringMatching(/NG143/));
  });

  it("a product of several ingredients asked about on its own: each ingredient's rule, named", async () => {
    const breastfeeding = await ask(app, 'can i take co-codamol when breastfeeding my newborn');
    expect(breastfeeding.kind).toBe('answer');
    expect(breastfeeding.text).toMatch(/^\*\*Co-codamol contains codeine and paracetamol/);
    expect(breastfeeding.text).toMatch(/Codeine: Breastfeeding: Do not take it while breastfeeding/);
    const pregnant = await ask(app, 'is cocodamol ok when im pregnant');
    expect(pregnant.text).toMatch(/Codeine: Pregnancy: Not recommended in pregnancy/);
    const beer = await ask(app, 'can i drink a beer on night nurse');
    expect(beer.text).toMatch(/Night nurse contains paracetamol, promethazine and dextromethorphan/);
    expect(beer.text).toMatch(/With alcohol/);
    const dose = await ask(app, 'how many co-codamol can i take');
    expect(dose.text).toMatch(/depends on the strength of the product/);
    expect(dose.text).not.toMatch(/4 g in 24 hours/);
    const child = await ask(app, 'can i give my 8 year old co-codamol for his tooth');
    expect(child.text).toMatch(/^\*\*Co-codamol is not for a child of that age without a doctor's advice/);
    expect(child.text).toMatch(/Codeine: Not for children under 12/);
    const interaction = await ask(app, 'can i take co-codamol with sertraline');
    expect(interaction.text).toMatch(/With sertraline/);
  });

  it('a pair with no fact either way is not called safe: a pharmacist is named', async () => {
    const r = await ask(app, 'can i take loperamide with loratadine');
    expect(r.kind).toBe('no_source');
    expect(r.text).toMatch(/no reliable source on taking Loperamide with Loratadine/);
    expect(r.text).toMatch(/pharmacist/);
  });

  it('a normal value and a number read against its bands, with the source', async () => {
    const normal = await ask(app, 'What is a normal resting heart rate?');
    expect(normal.text).toMatch(/60 to 100 beats a minute/);
    expect(normal.sources[0]?.publisher).toBe('American Heart Association');
    const a1c = await ask(app, 'my hba1c is 7.2');
    expect(a1c.text).toMatch(/at or above the 6\.5% diagnostic threshold/);
    expect(a1c.text).toMatch(/See a doctor within a few days/);
    expect(a1c.sources[0]?.publisher).toBe('American Diabetes Association');
    const crisis = await ask(app, 'bp 185/125');
    expect(crisis.text).toMatch(/^\*\*This needs attention now\.\*\*/);
    expect(crisis.text).toMatch(/hypertensive crisis/);
    const unit = await ask(app, 'my cholesterol is 5.8 mmol');
    expect(unit.text).toMatch(/I read 5\.8 as mmol\/L \(224 mg\/dL\)/);
  });

  it('out of scope: a short polite decline, no sources', async () => {
    for (const text of ['What is the capital of France?', 'write me a poem about autumn']) {
      const r = await ask(app, text);
      expect(r.text, text).toBe(DECLINE_ANSWER);
      expect(r.kind).toBe('no_source');
      expect(r.sources).toEqual([]);
    }
  });

  it('no passage about the subject: says so and who can answer, never the nearest passage', async () => {
    const r = await ask(app, 'is it safe to go scuba diving with a pacemaker');
    expect(r.kind).toBe('no_source');
    expect(r.text).toMatch(/^I have no reliable source that answers this question/);
    expect(r.text).toMatch(/doctor/);
    expect(r.sources).toEqual([]);
  });

  it('a follow-up that names no subject takes the conversation’s last one', async () => {
    const user = await signUp(app);
    const first = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'what are kidney stones' },
      headers: { cookie: user.cookie },
    });
    const { conversationId } = parseSse(first.body).find((e) => e.event === 'done')?.data as { conversationId: string };
    const res = await app.inject({
      method: 'POST',
      url: '/api/chat/messages',
      payload: { text: 'and how do i avoid them?', conversationId },
      headers: { cookie: user.cookie },
    });
    const events = parseSse(res.body);
    const text = events
      .filter((e) => e.event === 'piece')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(text).toMatch(/on \*\*Kidney stones\*\*/i);
    expect(text).toMatch(/^\*\*(Precautions|How to prevent)/im);
  });

  it('a condition: the passage whose topic it is, from the section asked about', async () => {
    const r = await ask(app, 'what are the symptoms of type 2 diabetes');
    expect(r.kind).toBe('answer');
    expect(r.text).toMatch(/^From MediBuddy, on \*\*Type 2 diabetes\*\*/);
    expect(r.text).toMatch(/^\*\*Symptoms/m);
    expect(r.sources).toHaveLength(1);
  });
});

describe('"explain my result": the signed-in user’s own latest assessment, with consent', () => {
  let app: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
    alice = await signUp(app);
    bob = await signUp(app);
    carol = await signUp(app, { consent: false });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/assessments/heart',
      payload: { inputs: VALID_INPUTS.heart },
      headers: { cookie: alice.cookie },
    });
    expect(saved.statusCode).toBe(201);
  });
  afterAll(() => app?.close());

  it('explains the latest heart result: band, factors, what it does not mean, linked to the health record', async () => {
    const r = await ask(app, 'explain my heart test result', alice.cookie);
    expect(r.kind).toBe('answer');
    expect(r.text).toMatch(/^\*\*Your latest Heart Disease result \(saved \d{4}-\d{2}-\d{2}\):\*\*/);
    expect(r.text).toMatch(/Result: Model score \d+ of 100, relative to its study \((low|moderate|high)\)/);
    expect(r.text).toMatch(/it is not your chance of having heart disease/);
    expect(r.text).toMatch(/\*\*What weighed most:\*\*/);
    expect(r.text).toMatch(/\*\*What it does not mean:\*\*/);
    expect(r.sources[0]).toMatchObject({ publisher: 'MediBuddy', url: '/health-record' });
  });

  it('"what does my last blood test mean, is it bad" is about their own saved result, not blood in general', async () => {
    const none = await ask(app, 'what does my last blood test mean, is it bad', alice.cookie);
    expect(none.text).toMatch(/You have no saved Blood Test result yet/i);
    const heart = await ask(app, 'what does my last heart test mean', alice.cookie);
    expect(heart.text).toMatch(/^\*\*Your latest Heart Disease result/);
  });

  it("never another user's: a user with no saved result is told so", async () => {
    const r = await ask(app, 'explain my heart test result', bob.cookie);
    expect(r.kind).toBe('no_source');
    expect(r.text).toMatch(/You have no saved Heart Disease result yet/);
    expect(r.text).not.toMatch(/Model score/);
  });

  it('never without consent, and says how to give it; a visitor is asked to sign in', async () => {
    const noConsent = await ask(app, 'explain my heart test result', carol.cookie);
    expect(noConsent.kind).toBe('no_source');
    expect(noConsent.text).toMatch(/consent/);
    expect(noConsent.text).toMatch(/Health record/);
    const visitor = await ask(app, 'explain my heart test result');
    expect(visitor.text).toMatch(/sign in/);
  });
});

describe('with a model provider, only passages about the subject reach it', () => {
  let fake: FakeLlmServer;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await buildTestApp({
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODEL: 'llama-test',
      RATE_LIMITS: 'off',
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('declines, abstentions, facts and values are answered without asking the model', async () => {
    const before = fake.requests.length;
    for (const text of [
      'What is the capital of France?',
      'is it safe to go scuba diving with a pacemaker',
      'how much paracetamol can an adult take in a day?',
      'my hba1c is 7.2',
    ]) {
      const r = await ask(app, text);
      expect(r.status).toBe(200);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('a passage question reaches the model with those passages and the instruction to answer only from them', async () => {
    fake.behave({ kind: 'stream', pieces: ['Kidney stones are hard deposits [1].'] });
    const r = await ask(app, 'what are kidney stones');
    expect(r.text).toBe('Kidney stones are hard deposits [1].');
    const system = (
      (fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] }).messages[0] as {
        content: string;
      }
    ).content;
    expect(system).toMatch(/Answer only from the numbered sources/);
    expect(system).toMatch(/\[1\] Kidney stones/i);
  });
});
