import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper';
import { askChat } from '../../test/chat';

/**
 * Answers to questions asked in Hindi or Hinglish (decision 025): readings and the medicine facts translated
 * beside the English are answered in Hindi, from the same bands, facts and sources; an answer that exists only in
 * English is given with a Hindi note before it, and "no reliable source" is said in Hindi.
 */
describe('answers in Hindi', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await app.close();
  });

  async function chat(text: string) {
    const reply = await askChat(app, text, undefined, 'IN');
    expect(reply.status, text).toBe(200);
    return reply;
  }

  it('a reading asked about in Hindi or Hinglish is answered in Hindi, from the same bands and sources', async () => {
    const sugar = await chat('khali pet sugar 210 aaya hai kya ye zyada hai');
    expect(sugar.kind).toBe('answer');
    expect(sugar.text).toMatch(/210 mg\/dL — \*\*[^*]*डायबिटीज़/);
    expect(sugar.text).not.toMatch(/अंग्रेज़ी स्रोत/);
    const bp = await chat('मम्मी का bp 160/95 आ रहा है');
    expect(bp.text).toMatch(/160\/95/);
    expect(bp.text).toMatch(/[\u0900-\u097F]/);
    expect(bp.text).not.toMatch(/is \*\*/);
  });

  it('a medicine question is answered in Hindi from the same cited facts', async () => {
    const dose = await chat('dolo 650 din me kitni baar le sakte h');
    expect(dose.text).toMatch(/^\*\*Paracetamol — बड़ों के लिए:\*\*/);
    expect(dose.text).toMatch(/24 घंटे में 4 g \(8 x 500 mg/);
    expect(dose.text).toMatch(/स्रोत: NHS/);
    const child = await chat('5 साल के बच्चे को calpol syrup कितना देना है');
    expect(child.text).toMatch(/4 साल से 6 साल: [^\n]*240 mg/);
    expect(child.text).not.toMatch(/120 mg up to/);
    const alcohol = await chat('cetirizine ke sath daaru pi sakte h?');
    expect(alcohol.text).toMatch(/Cetirizine और शराब/);
  });

  it('first aid is answered in Hindi from the same notes', async () => {
    const r = await chat('naak se khoon aa raha hai kya karu');
    expect(r.kind).toBe('answer');
    expect(r.text).toMatch(/फ़र्स्ट एड/);
    expect(r.text).toMatch(/क्या करें|लक्षण|इमरजेंसी/);
    expect(r.text).not.toMatch(/What to do/);
  });

  it('an interaction between two medicines is answered in Hindi', async () => {
    const r = await chat('warfarin ke sath ibuprofen le sakte hai kya');
    expect(r.text).toMatch(/^\*\*Warfarin और Ibuprofen साथ में:\*\*|^\*\*Ibuprofen और Warfarin साथ में:\*\*/);
    expect(r.text).toMatch(/स्रोत:/);
    expect(r.text).not.toMatch(/अंग्रेज़ी स्रोत/);
  });

  it('a fact without its Hindi is given in English, with the Hindi note before it', async () => {
    // A pair that the sources call fine together: its note is not translated.
    const r = await chat('omez aur dolo sath me le sakte hai kya');
    expect(r.text).toMatch(/^\*यह जवाब हमारे अंग्रेज़ी स्रोत से है/);
  });

  it('no reliable source, in Hindi', async () => {
    // One the sources cannot place gets "no reliable source" in Hindi, not in English.
    const none = await chat('mera dimag kharab hai kya karu');
    expect(none.text).toMatch(/भरोसेमंद स्रोत नहीं/);
  });
});
