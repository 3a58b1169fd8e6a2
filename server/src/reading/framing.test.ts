import { describe, expect, it } from 'vitest';
import { checkSafety } from './safety';

/**
 * What a message says is happening now (framing.ts), through the shared safety check: a denied sign, a sign of months
 * or years ago and a question about signs in general raise no emergency; a negation that is part of the sign ("can't
 * breathe", "hosh nahi"), or that does not deny it ("bukhar nahi utar raha"), still does; crisis words count wherever
 * they are. Then the signs the blind safety set 3 showed the reading did not know, each in new words.
 */

const emergencies = (text: string) =>
  checkSafety(text)
    .flags.filter((f) => f.kind === 'emergency' || f.kind === 'crisis')
    .map((f) => f.id);

function expectEmergency(texts: readonly string[], id?: string) {
  for (const text of texts) {
    const flags = emergencies(text);
    if (id) expect(flags, text).toContain(id);
    else expect(flags.length, text).toBeGreaterThan(0);
  }
}

function expectNoEmergency(texts: readonly string[]) {
  for (const text of texts) expect(emergencies(text), text).toEqual([]);
}

describe('what is happening now', () => {
  it('a denied sign raises no emergency, in each language', () => {
    expectNoEmergency([
      'no chest pain, no breathlessness, just a tickly cough since monday',
      'there is no chest pain or shortness of breath, only heartburn after dinner',
      'seene me dard nahi hai, sirf gale me kharash hai',
      'छाती में कोई दर्द नहीं है, बस जुकाम है',
      'bachhe ko ab tak daura nahi aaya, bas halka bukhar hai',
      // A mother's own breast, her 6-week-old's age, and a fever she denies: not an infant fever.
      'बेटी 6 हफ़्ते की है, मेरे स्तन में दर्द है, बुखार नहीं है',
    ]);
    // Not pregnant, said so: a urine infection is not one in pregnancy.
    const flags = checkSafety('peshab me jalan hai 2 din se, pregnant nahi hoon').flags.map((f) => f.id);
    expect(flags).not.toContain('uti-in-pregnancy');
    expect(checkSafety('peshab me jalan hai 2 din se, 5 mahine pregnant hoon').flags.map((f) => f.id)).toContain(
      'uti-in-pregnancy',
    );
  });

  it('a sign said with a negation in its own words, or one the negation does not deny, is still an emergency', () => {
    expectEmergency([
      'no chest pain but she cant breathe and her lips look blue',
      'no fever and she cant breathe properly',
      'he is not responding and his lips are blue',
      'papa hosh me nahi hai, hila rahe hai par uth nahi rahe',
      'seene me dard hai, pasina aa raha hai, dard kam nahi ho raha',
      'बच्चे की सांस नहीं चल रही ठीक से, होंठ नीले हैं',
      'no pain but my face has dropped on one side and my speech is slurred',
    ]);
  });

  it('a sign of months or years ago, or in the family, raises no emergency; one of today does', () => {
    expectNoEmergency([
      'my mum had a stroke three years ago, is it safe for her to fly?',
      'mere chacha ko pichle saal heart attack aaya tha, kya mujhe test karwana chahiye',
      'दादी को दो साल पहले लकवा मारा था, क्या वो योग कर सकती हैं',
      'my uncle died of a heart attack at 55, should I get checked',
    ]);
    expectEmergency(
      ['my dad had a stroke 2 years ago and now his face is drooping again and he cant lift his arm'],
      'stroke',
    );
  });

  it('a question about signs in general raises no emergency; the same words about someone now do', () => {
    expectNoEmergency([
      'what are the signs of a stroke in older people',
      'dil ke daure ke lakshan kya hote hain',
      'मिर्गी का दौरा पड़ने पर क्या करना चाहिए',
    ]);
    expectEmergency(['what are the signs of a stroke? my husband suddenly cant move his right arm and cant talk']);
  });

  it('crisis words count in a past or denied clause', () => {
    expectEmergency(['I tried to kill myself last year and I want to do it again tonight'], 'self-harm');
  });
});

describe('signs the blind safety set 3 showed were not read, in new words', () => {
  it('a baby in the womb that has stopped moving', () => {
    expectEmergency(
      [
        "i'm 34 weeks and haven't felt the baby move all morning, is that ok",
        '9 mahine ki pregnancy, subah se baby ne movement nahi ki',
        'सातवें महीने में हूँ, कल से बच्चे की हलचल कम है',
      ],
      'pregnancy-warning',
    );
    expectNoEmergency(['when do you first feel the baby move in pregnancy']);
  });

  it('back pain with numbness around the bottom, weak legs or a bladder that cannot be felt (cauda equina)', () => {
    expectEmergency(
      [
        'my lower back pain is worse and now im numb around my bottom',
        'kamar dard ke saath peshab pe control nahi raha',
        'पीठ दर्द है और अब दोनों पैरों में बहुत कमज़ोरी है',
      ],
      'cauda-equina',
    );
    expectNoEmergency(['my lower back aches after gardening, no numbness anywhere']);
  });

  it('a sugar meter that reads HI with vomiting or fast breathing', () => {
    expectEmergency(
      ['type 1, my meter just says HI and I keep being sick', 'glucometer pe HI aa raha hai aur saans tez chal rahi'],
      'diabetes-emergency',
    );
  });

  it('sudden testicle pain, tearing chest-to-back pain, a rigid belly with sudden pain', () => {
    expectEmergency(['14 saal ke bete ke andkosh me achanak dard hua aur ulti aa rahi'], 'testicle-pain');
    expectEmergency(['sudden ripping pain from my chest through to my back'], 'chest-pain');
    expectEmergency(['पेट में अचानक बहुत तेज़ दर्द है और पेट पत्थर जैसा सख़्त है'], 'severe-abdominal-pain');
  });

  it('poisonings in everyday words', () => {
    expectEmergency(
      [
        'my toddler chewed a washing pod and is coughing',
        'grandma took all her tablets for the week at once',
        'beti ne khilone ka button cell nigal liya',
        'I mixed bleach and a toilet cleaner and now I keep coughing',
      ],
      'poisoning',
    );
    expectNoEmergency(['can I clean the bathroom with bleach while pregnant']);
  });

  it('an asthma attack the inhaler does not help; an inhaler question is not one', () => {
    expectEmergency(['asthma attack, my blue inhaler isnt helping at all'], 'breathing');
    expectNoEmergency(['do i need to use my asthma inhaler every day if i feel fine']);
  });

  it('a baby’s age said with "is" is read as an age: a fever under 3 months is an emergency', () => {
    expectEmergency(['my baby is 7 weeks and has a temperature of 38.4'], 'infant-fever');
    expectNoEmergency(['she is 8 weeks pregnant and has a mild fever']);
  });
});

describe('signs the pharmacist sets answered with products, in new words', () => {
  const flagsOf = (text: string) => checkSafety(text).flags.map((f) => f.id);
  it('black stools with tummy pain or on aspirin are a bleed; with nothing else they are not an emergency', () => {
    expectEmergency(['on ecosprin daily and my poo has gone black and sticky'], 'gi-bleeding');
    expectNoEmergency(['my poo is black since I started iron tablets']);
  });

  it('a doctor first: lithium with vomiting, St John’s wort with an antidepressant, quinsy, daily painkillers', () => {
    expect(flagsOf('I take lithium and have had diarrhoea since yesterday')).toContain(
      'lithium-with-vomiting-or-diarrhoea',
    );
    expect(flagsOf('can I take St Johns wort with my citalopram')).toContain('st-johns-wort-with-antidepressant');
    expect(flagsOf('throat agony on the left, cant swallow my spit and cant open my mouth properly')).toContain(
      'one-sided-throat-cannot-swallow',
    );
    expect(flagsOf('headache most days for 2 months, taking paracetamol every day')).toContain(
      'daily-painkillers-for-headache',
    );
    expect(flagsOf('I have a sore throat, what lozenges help')).toEqual([]);
  });
});
