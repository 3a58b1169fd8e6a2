/**
 * `npm run check:content -w server`: reads and checks the content files a clinician edits (diseases.json,
 * starter-catalogue.json, symptom-vocabulary.json, first-aid.json in src/content/) exactly as the server does when it starts, and
 * exits 1 naming each broken entry and rule. Prints what each file holds when all hold.
 */
import process from 'node:process';

async function check(name: string, load: () => Promise<string>): Promise<boolean> {
  try {
    console.log(`ok   ${name}: ${await load()}`);
    return true;
  } catch (error) {
    console.log(`FAIL ${name}: ${(error as Error).message}`);
    return false;
  }
}

const results = [
  await check('diseases.json', async () => {
    const { DISEASE_CONTENT } = await import('../src/content/diseases');
    const entries = Object.values(DISEASE_CONTENT);
    return `${entries.length} entries citing ${new Set(entries.flatMap((e) => e.sources.map((s) => s.url ?? s.title))).size} sources`;
  }),
  await check('starter-catalogue.json', async () => {
    const { STARTER_CATALOGUE } = await import('../src/modules/medicines/starter-catalogue');
    return `${STARTER_CATALOGUE.length} medicines`;
  }),
  await check('symptom-vocabulary.json', async () => {
    const { SYMPTOM_VOCABULARY } = await import('../src/modules/medicines/symptom-vocabulary');
    return `${SYMPTOM_VOCABULARY.length} symptoms, ${SYMPTOM_VOCABULARY.reduce((n, e) => n + e.synonyms.length, 0)} other names`;
  }),
  await check('first-aid.json', async () => {
    const { FIRST_AID } = await import('../src/content/first-aid');
    return `${FIRST_AID.topics.length} topics, ${FIRST_AID.topics.reduce((n, t) => n + t.aliases.length, 0)} names, citing ${Object.keys(FIRST_AID.sources).length} sources`;
  }),
];
if (results.includes(false)) process.exit(1);
