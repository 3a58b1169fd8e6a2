import { CITATIONS } from '../citations';
import { finding, fromTable, show, type Measured, type Rule } from './finding';

/** Cholesterol and triglycerides (NCEP ATP III, mg/dL). */

// --- Lipids (NCEP ATP III, mg/dL) ---------------------------------------------------------------------

export const TOTAL_CHOLESTEROL = {
  borderlineFrom: fromTable('total_cholesterol.borderline.from'),
  highFrom: fromTable('total_cholesterol.high.from'),
} as const;
export const LDL = {
  nearOptimalFrom: fromTable('ldl.near_optimal.from'),
  borderlineFrom: fromTable('ldl.borderline.from'),
  highFrom: fromTable('ldl.high.from'),
  veryHighFrom: fromTable('ldl.very_high.from'),
} as const;
export const HDL = { lowBelow: fromTable('hdl.middle.from'), protectiveFrom: fromTable('hdl.high.from') } as const;
export const TRIGLYCERIDES = {
  borderlineFrom: fromTable('triglycerides.borderline.from'),
  highFrom: fromTable('triglycerides.high.from'),
  veryHighFrom: fromTable('triglycerides.very_high.from'),
} as const;

const LIPID_CONTEXT =
  'What a cholesterol result means for you depends on your overall heart risk (age, blood pressure, smoking, diabetes, family history), which a doctor can estimate.';

export function lipids(values: Measured): Rule[] {
  const out: Rule[] = [];
  const total = values.cholesterol;
  if (total >= TOTAL_CHOLESTEROL.borderlineFrom) {
    const high = total >= TOTAL_CHOLESTEROL.highFrom;
    out.push(
      finding(
        high ? 'cholesterol-high' : 'cholesterol-borderline',
        high ? 'High total cholesterol' : 'Borderline-high total cholesterol',
        high ? 'attention' : 'info',
        ['cholesterol'],
        show('cholesterol', total),
        `desirable below ${TOTAL_CHOLESTEROL.borderlineFrom} mg/dL; borderline high ${TOTAL_CHOLESTEROL.borderlineFrom}-${TOTAL_CHOLESTEROL.highFrom - 1}; high ${TOTAL_CHOLESTEROL.highFrom} or more`,
        LIPID_CONTEXT,
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const ldl = values.ldlCholesterol;
  if (ldl >= LDL.borderlineFrom) {
    const category = ldl >= LDL.veryHighFrom ? 'very high' : ldl >= LDL.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `ldl-${category.replace(' ', '-')}`,
        `${category[0]!.toUpperCase()}${category.slice(1)} LDL cholesterol`,
        category === 'borderline high' ? 'info' : 'attention',
        ['ldlCholesterol'],
        show('ldlCholesterol', ldl),
        `optimal below ${LDL.nearOptimalFrom} mg/dL; near optimal ${LDL.nearOptimalFrom}-${LDL.borderlineFrom - 1}; ` +
          `borderline high ${LDL.borderlineFrom}-${LDL.highFrom - 1}; high ${LDL.highFrom}-${LDL.veryHighFrom - 1}; ` +
          `very high ${LDL.veryHighFrom} or more`,
        'LDL is the cholesterol that builds up in artery walls. ' +
          (category === 'very high'
            ? 'A level this high can be inherited (familial hypercholesterolaemia), which matters for your relatives too; please discuss it with a doctor. '
            : '') +
          LIPID_CONTEXT,
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const hdl = values.hdlCholesterol;
  if (hdl < HDL.lowBelow) {
    out.push(
      finding(
        'hdl-low',
        'Low HDL cholesterol',
        'info',
        ['hdlCholesterol'],
        show('hdlCholesterol', hdl),
        `low below ${HDL.lowBelow} mg/dL; ${HDL.protectiveFrom} or more is protective`,
        'HDL carries cholesterol away from the arteries; a low level is one of the risk factors doctors weigh. Activity, ' +
          'stopping smoking and losing weight where needed raise it.',
        CITATIONS.ncepAtp3,
      ),
    );
  }
  const tg = values.triglycerides;
  if (tg >= TRIGLYCERIDES.borderlineFrom) {
    const category =
      tg >= TRIGLYCERIDES.veryHighFrom ? 'very high' : tg >= TRIGLYCERIDES.highFrom ? 'high' : 'borderline high';
    out.push(
      finding(
        `triglycerides-${category.replace(' ', '-')}`,
        `${category[0]!.toUpperCase()}${category.slice(1)} triglycerides`,
        category === 'borderline high' ? 'info' : 'attention',
        ['triglycerides'],
        show('triglycerides', tg),
        `normal below ${TRIGLYCERIDES.borderlineFrom} mg/dL; borderline high ${TRIGLYCERIDES.borderlineFrom}-${TRIGLYCERIDES.highFrom - 1}; ` +
          `high ${TRIGLYCERIDES.highFrom}-${TRIGLYCERIDES.veryHighFrom - 1}; very high ${TRIGLYCERIDES.veryHighFrom} or more`,
        'Triglycerides rise after meals and with alcohol, excess weight and poorly controlled diabetes; the categories are for a fasting sample. ' +
          (category === 'very high'
            ? `At ${TRIGLYCERIDES.veryHighFrom} or more they can inflame the pancreas (pancreatitis): please see a doctor soon, and seek care urgently for severe belly pain.`
            : LIPID_CONTEXT),
        CITATIONS.ncepAtp3,
      ),
    );
  }
  // Friedewald: total = LDL + HDL + TG/5, so LDL + HDL above total (with room for assay error) is impossible.
  if (ldl + hdl > total * 1.05) {
    out.push(
      finding(
        'lipid-values-inconsistent',
        'Cholesterol values do not add up',
        'info',
        ['cholesterol', 'ldlCholesterol', 'hdlCholesterol'],
        `LDL ${show('ldlCholesterol', ldl)} + HDL ${show('hdlCholesterol', hdl)} > total ${show('cholesterol', total)}`,
        'total cholesterol = LDL + HDL + triglycerides / 5 (approximately)',
        'LDL and HDL are parts of total cholesterol, so together they cannot exceed it. One of the values is probably mistyped ' +
          'or in mmol/L rather than mg/dL; please check them against your report.',
        CITATIONS.friedewald1972,
      ),
    );
  }
  return out;
}
