import { describe, expect, it } from 'vitest';
import { checkSafety, type SafetyKind } from './safety';

/**
 * Signs that need a doctor or an ambulance, said the everyday way in English, Hindi and Hinglish: a rash that does not
 * fade, coffee-ground vomit, a knock to the head on a blood thinner, the warning signs of pre-eclampsia, a swollen
 * calf (DVT), methotrexate with signs of a blood problem, diarrhoea with blood, bloating that keeps on and a mouth
 * ulcer that does not heal (safety-rules.json, each rule with its NHS or NICE sources). Beside each, the ordinary case
 * that must stay ordinary.
 */

/** The flags raised, as kind:id. */
function flagsOf(text: string): string[] {
  return checkSafety(text).flags.map((f) => `${f.kind}:${f.id}`);
}

function expectFlag(texts: readonly string[], kind: SafetyKind, id: string) {
  for (const text of texts) expect(flagsOf(text), text).toContain(`${kind}:${id}`);
}

function expectNothing(texts: readonly string[]) {
  for (const text of texts) expect(flagsOf(text), text).toEqual([]);
}

describe('signs that need care, in English, Hindi and Hinglish', () => {
  it('a fever or a child with a rash that does not fade when pressed is an emergency (meningitis, sepsis)', () => {
    expectFlag(
      [
        'My 2 year old daughter is hot and has little purple spots on her tummy that stay when I roll a glass over them',
        'bacche ko tez bukhar hai aur pairon pe baingani dane nikle hain jo dabane se bhi nahi ja rahe',
        'मेरी 3 साल की बेटी को बुखार है और हाथ पर बैंगनी धब्बे हैं जो दबाने पर भी नहीं जा रहे',
      ],
      'emergency',
      'meningitis',
    );
    expectNothing([
      'My son has a rash from the new soap, it fades when I press a glass on it',
      'बेटे को दाने निकले हैं, दबाने पर हल्के हो जाते हैं, बुखार नहीं है',
      'beti ko garmi ke dane hai, dabane par chale jaate hai',
    ]);
  });

  it('vomit like coffee grounds is an emergency (bleeding in the stomach)', () => {
    expectFlag(
      [
        'I threw up and it looked like coffee grounds, I have been taking naproxen for my knee',
        'मुझे उल्टी हुई जिसमें कॉफ़ी जैसी काली चीज़ थी, मैं दर्द की गोली खा रहा हूँ',
        'ulti me kala kala coffee jaisa kuch nikla, brufen kha raha tha',
      ],
      'emergency',
      'vomiting-blood',
    );
    expectNothing(['Can I drink coffee when I have a cold?', 'coffee jaisa kadwa syrup bachhe ko kaise pilaun']);
  });

  it('a knock to the head on a blood thinner is an emergency; a bump without one is not', () => {
    expectFlag(
      [
        'Grandad takes warfarin and bumped his head on the cupboard this morning',
        'दादी Eliquis लेती हैं, बाथरूम में फिसल कर सिर पे चोट लग गई',
        'papa rivaroxaban lete hai, aaj sir takra gaya deewar se, halka dard hai',
      ],
      'emergency',
      'head-injury',
    );
    expectNothing([
      'My son bumped his head at the park, small bump, he is playing normally, can I give calpol?',
      'बेटे का सिर दरवाज़े से टकरा गया, छोटा सा गूमड़ है, खेल रहा है',
      'chhote bhai ka sir takra gaya table se, bas halka sa gumad hai',
    ]);
  });

  it('from 20 weeks of pregnancy, a bad headache, pain under the ribs, sudden swelling or blurred sight is an emergency', () => {
    expectFlag(
      [
        "I'm 36 weeks pregnant with a terrible headache and my hands have swollen up today",
        '8 mahine ki pregnant hu, pasliyon ke niche dard hai aur chehre pe sujan aa gayi hai',
        'मैं 32 हफ्ते की प्रेग्नेंट हूँ, आज अचानक हाथ पैर सूज गए हैं और धुंधला दिख रहा है',
      ],
      'emergency',
      'pregnancy-warning',
    );
    expectNothing([
      '28 weeks pregnant, mild headache after a long day, can I take paracetamol?',
      '6 mahine ki pregnant hu, kamar dard hai, koi cream bata do',
      'मैं 7 महीने की प्रेग्नेंट हूँ, रात को सीने में जलन होती है',
      "I'm 7 weeks pregnant and my tummy feels bloated",
    ]);
  });

  it('a swollen, warm calf is a doctor today (DVT); with breathlessness, an emergency; a cramp stays ordinary', () => {
    expectFlag(
      [
        'After a long drive my right calf is red, swollen and sore',
        'operation ke baad se meri pindli me sujan hai aur garam lag rahi hai',
        'हवाई यात्रा के बाद एक पैर में सूजन और दर्द है',
      ],
      'urgent',
      'leg-clot-signs',
    );
    expectFlag(
      [
        'My leg is swollen and hot and now I am short of breath',
        'pindli me sujan hai aur saans chadh rahi hai',
        'पिंडली में सूजन है और सांस फूल रही है',
      ],
      'emergency',
      'leg-clot-with-breathing',
    );
    expectNothing([
      'Woke up with a calf cramp in the night, what can help?',
      'raat ko pindli me khinchav aur cramp hota hai',
      'रात में पिंडली में ऐंठन होती है',
    ]);
  });

  it('methotrexate with a sore throat, mouth ulcers, fever or bruising is a doctor today', () => {
    expectFlag(
      [
        'I take methotrexate for psoriasis and I have a sore throat and a temperature',
        'methotrexate leti hu, muh me chhale ho gaye aur bukhar hai',
        'मैं methotrexate लेता हूँ और हाथों पर नील पड़ रहे हैं',
      ],
      'urgent',
      'methotrexate-blood-signs',
    );
    expectNothing(['I take methotrexate every Monday, can I have the flu jab?', 'मुझे गले में खराश है']);
  });

  it('diarrhoea with blood is a doctor today, not loperamide', () => {
    expectFlag(
      [
        'I have had diarrhoea with blood since this morning',
        'do din se dast me khoon aa raha hai, Eldoper le lu?',
        'दस्त के साथ खून आ रहा है, कोई दवा बताइए',
      ],
      'urgent',
      'diarrhoea-with-blood',
    );
    expectNothing([
      'I have had diarrhoea since yesterday, what can I take?',
      'kal se loose motion hai, ORS de du?',
      'diarrhoea since yesterday, I take blood pressure tablets',
    ]);
  });

  it('bloating for 3 weeks or more, or most days with feeling full quickly, is a doctor soon; after a meal it is not', () => {
    expectFlag(
      [
        'My tummy has been bloated most days for 5 weeks, I am 58',
        '3 hafte se pet phoola rehta hai, gas ki goli se farak nahi',
        'पिछले दो महीने से पेट फूला रहता है',
      ],
      'soon',
      'bloating-three-weeks',
    );
    expectFlag(
      [
        'bloated nearly every day and I feel full after just a few bites',
        'pet roz phool jata hai aur thoda khate hi pet bhar jata hai',
        'रोज़ पेट फूल जाता है और थोड़ा खाते ही पेट भर जाता है',
      ],
      'soon',
      'bloating-full-quickly',
    );
    expectNothing([
      'I feel bloated after a big meal, what helps?',
      'khana khane ke baad pet phool jata hai',
      'शादी में ज़्यादा खाने के बाद पेट फूल गया है',
    ]);
  });

  it('a mouth ulcer that has not healed in 3 weeks is a doctor soon; a new one is not', () => {
    expectFlag(
      [
        "I have a mouth ulcer on my tongue that hasn't healed for a month, I smoke",
        'muh me chhala hai jo 4 hafte se theek nahi ho raha, gutkha khata hu',
        'मुँह में छाला तीन हफ्ते से है',
      ],
      'soon',
      'mouth-ulcer-three-weeks',
    );
    expectFlag(['paan khata hu, jeebh pe chhala hai jo theek nahi ho raha'], 'soon', 'mouth-ulcer-not-healing-tobacco');
    expectNothing([
      'I got a mouth ulcer 3 days ago, what gel is good?',
      'muh me chhala ho gaya hai 2 din se',
      'I get mouth ulcers twice a month, any remedy?',
      'I had a cough two months ago, now fine, what vitamins help?',
    ]);
  });
  it('a scald on a baby or child, and a household chemical in an eye, are emergencies in Hindi and Hinglish too', () => {
    expectFlag(
      [
        'meri 2 saal ki beti pe garam paani gir gaya, haath laal ho gaya',
        'बच्चे पर गर्म दूध गिर गया, छाले पड़ गए हैं',
        'chhote bachche ne garam chai khud pe gira li',
      ],
      'emergency',
      'serious-burn',
    );
    // A child's age in months is an age, not how long the blisters have lasted (no mouth ulcer of 3 weeks).
    expect(flagsOf('meri 9 mahine ki beti pe garam doodh gir gaya, chhale pad gaye')).toEqual([
      'emergency:serious-burn',
    ]);
    expectFlag(
      ['floor saaf karte waqt phenyl ki chheent aankh me gayi, jal rahi hai', 'टॉयलेट क्लीनर आँख में चला गया'],
      'emergency',
      'sudden-vision-loss',
    );
    expectNothing([
      'garam chai pee li aur gala thoda kharab hai',
      'meri aankh laal hai aur khujli ho rahi hai',
      'I drank hot tea and now my throat is a bit sore',
    ]);
  });

  it('a numb arm is a stroke sign; a hand numb from sleeping on it, or numb with nothing sudden, is not', () => {
    expectFlag(
      [
        'my arm is numb',
        'suddenly my hand went numb and I feel odd',
        'achanak haath sunn ho gaya',
        'अचानक बायां हाथ सुन्न हो गया',
      ],
      'emergency',
      'stroke',
    );
    expectNothing([
      'my hand feels numb after sleeping on it',
      'my arm went dead after I slept on it',
      'numb hand in the mornings, pins and needles in my fingers',
      'haath sunn ho gaya',
    ]);
  });

  it("a breastfeeding mother's own fever is not her baby's; a baby under 3 months with a fever still is", () => {
    expectNothing([
      'I am breastfeeding my 6 week old baby and I have a fever of 38.5',
      "I'm breastfeeding my 5 week old and my breast is red, hot and sore, I feel feverish",
      'mera 1 mahine ka baccha hai, mujhe bukhar hai, doodh pilati hoon',
    ]);
    expectFlag(
      [
        'my 6 week old baby has a fever of 38.5',
        'I have a fever and so does my 5 week old',
        'I have a temperature and my 6 week old baby has a temperature too',
        'mere 1 mahine ke bacche ko bukhar hai',
      ],
      'emergency',
      'infant-fever',
    );
  });

  it('having epilepsy (mirgi hai) is not a seizure now; a fit (mirgi ka daura, mirgi aa gayi) is', () => {
    expectNothing(['मुझे मिर्गी है, सिर दर्द के लिए क्या लूँ', 'mujhe mirgi hai, sar dard ki dawa chahiye']);
    expectFlag(
      ['mere bete ko mirgi ka daura pada', 'use mirgi aa gayi', 'बच्चे को मिर्गी का दौरा पड़ा'],
      'emergency',
      'seizure',
    );
    // 'लूँ' (shall I take) is not 'लू' (heatstroke), and the loo is a toilet.
    expect(checkSafety('सिर दर्द के लिए क्या लूँ').readings[0]!.concepts.map((c) => c.id)).not.toContain('heatstroke');
    expect(checkSafety('I need the loo a lot').readings[0]!.concepts.map((c) => c.id)).not.toContain('heatstroke');
  });

  it('a cut still bleeding after pressure, a scald on an under-5, and high ketones with diabetes are emergencies', () => {
    expectFlag(
      ['Cut my hand on a knife, pressed on it for 10 minutes and it is still bleeding'],
      'emergency',
      'severe-bleeding',
    );
    expectFlag(
      ['my 2 yr old pulled my cup of tea onto herself, there is a blistered patch on her chest'],
      'emergency',
      'serious-burn',
    );
    expectFlag(
      ['type 1 diabetes hai, ulti ho rahi hai, ketones meter pe high aa rahe'],
      'emergency',
      'diabetes-emergency',
    );
    expectNothing([
      "I'm 35 and spilled my tea on my hand, small blister",
      'my gums are still bleeding a bit after brushing',
    ]);
  });

  it("English names of things are read in the plural too; a medicine's name is not the other things its words name", () => {
    // 'beers', 'thinners', 'headaches': the reading took only the singular before.
    expectFlag(['I had 4 beers and took 2 xanax, now very sleepy'], 'emergency', 'alcohol-with-sedatives');
    expectFlag(['he drank paint thinners by mistake'], 'emergency', 'poisoning');
    expectFlag(
      ['I get headaches most days and take Nurofen nearly every day for 3 months'],
      'soon',
      'daily-painkillers-for-headache',
    );
    // 'Blood thinner' is a medicine, not a paint thinner; grammar words are not read in the plural ('nos').
    expect(flagsOf('he has been sick, hes on blood thinners')).not.toContain('emergency:poisoning');
    expect(flagsOf('he has been sick, hes on a blood thinner')).not.toContain('emergency:poisoning');
    expectNothing(['bought 2 nos of the cough syrup for my cold']);
  });
});
