/**
 * How often each model's answer contradicts the written clinical expectation (expected-directions.json), over a
 * spread of valid forms: the answers the result page does not call reasons. `npm run check:explanations -w server`.
 */
import path from 'node:path';
import { CLINICAL_FORMS, RISK_MODEL_SLUGS, type ClinicalField } from '@medibuddy/contracts';
import pino from 'pino';
import { createModelRegistry } from '../src/plugins/models';
import { buildRiskResult } from '../src/modules/assessments/risk';
import { slopesOf } from '../src/modules/assessments/risk-probes';
import { formsOf } from '../src/modules/assessments/sample-forms';

const FORMS = 200;
const models = createModelRegistry(path.resolve(import.meta.dirname, '../models'), pino({ level: 'silent' }));
await models.settled;
for (const slug of RISK_MODEL_SLUGS) {
  const model = await models.get(slug);
  const fields = CLINICAL_FORMS[slug] as readonly ClinicalField[];
  const tally = new Map<string, Record<string, number>>();
  for (const form of formsOf(slug, FORMS)) {
    const inference = await model.infer(form);
    const slopes = await slopesOf(model, model.card.onnx.input.order, fields, form, inference);
    for (const factor of buildRiskResult(slug, model.card, inference, form, { slopes }).factors) {
      const why = factor.isReason ? 'reason' : (factor.notAReasonBecause ?? 'reason');
      const key = factor.key + (fields.find((f) => f.key === factor.key)?.type === 'code' ? `=${factor.value}` : '');
      const row = tally.get(key) ?? {};
      row[why] = (row[why] ?? 0) + 1;
      tally.set(key, row);
    }
  }
  console.log(
    `\n${slug} (${model.card.version}), ${FORMS} forms: answer -> shown as reason / contradicts / no expectation / negligible`,
  );
  for (const [key, row] of [...tally].sort()) {
    console.log(
      `  ${key.padEnd(34)} ${String(row.reason ?? 0).padStart(4)} ${String(row.contradicts ?? 0).padStart(4)} ${String(row['no-expectation'] ?? 0).padStart(4)} ${String(row.negligible ?? 0).padStart(4)}`,
    );
  }
}
await models.close();
