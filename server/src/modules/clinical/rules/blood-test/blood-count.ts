import { CITATIONS } from '../citations';
import { finding, fromTable, show, type Measured, type Rule } from './finding';

/** The counts of platelets and white cells. */

// --- Platelets ----------------------------------------------------------------------------------------

/** ×10³/µL. Below 150 is thrombocytopenia; below 100 it is more than mild; below 20 bleeding can start unprovoked. */
export const PLATELETS = {
  lowBelow: fromTable('platelets.normal.from'),
  moderateBelow: 100,
  severeBelow: fromTable('platelets.low.from'),
  criticalBelow: fromTable('platelets.very_low.from'),
  highAbove: fromTable('platelets.high.above'),
  extremeFrom: 1000,
} as const;

export function platelets(values: Measured): Rule[] {
  const p = values.platelets;
  const value = show('platelets', p);
  const range = `thrombocytopenia below ${PLATELETS.lowBelow} ×10³/µL: mild ${PLATELETS.moderateBelow}-${PLATELETS.lowBelow - 1}, moderate ${PLATELETS.severeBelow}-${PLATELETS.moderateBelow - 1}, severe below ${PLATELETS.severeBelow}`;
  const causes =
    'Platelets help blood clot. Low counts can come from viral infections, some medicines, heavy alcohol use, liver ' +
    'disease, pregnancy, immune conditions or bone-marrow problems; sometimes clumping in the tube gives a falsely low ' +
    'count, so a repeat test is the first step.';
  if (p < PLATELETS.criticalBelow) {
    return [
      finding(
        'platelets-very-low',
        'Very low platelets',
        'urgent',
        ['platelets'],
        value,
        range,
        `${causes} At this level bleeding can happen without an injury: please contact a doctor today, and seek emergency care for any bleeding that does not stop, blood in vomit or stools, or a sudden severe headache.`,
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.moderateBelow) {
    const severe = p < PLATELETS.severeBelow;
    return [
      finding(
        severe ? 'platelets-severely-low' : 'platelets-moderately-low',
        severe ? 'Severely low platelets' : 'Moderately low platelets',
        'attention',
        ['platelets'],
        value,
        range,
        `${causes} Please see a doctor soon${severe ? ', within days rather than weeks, and avoid aspirin, ibuprofen and contact sports until then' : ''}. Seek care sooner if you notice unusual bruising, nosebleeds or bleeding gums.`,
        CITATIONS.thrombocytopenia,
        4,
      ),
    ];
  }
  if (p < PLATELETS.lowBelow) {
    return [
      finding(
        'platelets-mildly-low',
        'Mildly low platelets',
        'info',
        ['platelets'],
        value,
        range,
        `${causes} A mildly low count on its own rarely causes bleeding; a repeat count at your next check-up is reasonable.`,
        CITATIONS.thrombocytopenia,
      ),
    ];
  }
  if (p > PLATELETS.highAbove) {
    const extreme = p >= PLATELETS.extremeFrom;
    return [
      finding(
        extreme ? 'platelets-extremely-high' : 'platelets-high',
        extreme ? 'Extremely high platelets' : 'High platelets (thrombocytosis)',
        'attention',
        ['platelets'],
        value,
        `thrombocytosis above ${PLATELETS.highAbove} ×10³/µL`,
        'A high platelet count is most often a reaction to something else: iron deficiency, an infection or inflammation, ' +
          'recent surgery or bleeding, or having no spleen. Less often the bone marrow makes too many (a myeloproliferative ' +
          `condition). ${extreme ? 'Above 1,000 the risk of clotting and of bleeding both rise: please see a doctor soon.' : 'A doctor can tell which with a repeat count and a few more tests.'}`,
        CITATIONS.thrombocytosis,
      ),
    ];
  }
  return [];
}

// --- White cells --------------------------------------------------------------------------------------

/** ×10³/µL. */
export const WHITE_CELLS = {
  lowBelow: fromTable('white_cells.normal.from'),
  veryLowBelow: 2.0,
  highAbove: fromTable('white_cells.high.above'),
  extremeAbove: 100,
} as const;

export function whiteCells(values: Measured): Rule[] {
  const w = values.whiteBloodCells;
  const value = show('whiteBloodCells', w);
  if (w < WHITE_CELLS.lowBelow) {
    const veryLow = w < WHITE_CELLS.veryLowBelow;
    return [
      finding(
        'leukopenia',
        veryLow ? 'Very low white blood cell count' : 'Low white blood cell count (leukopenia)',
        'attention',
        ['whiteBloodCells'],
        value,
        `leukopenia below ${WHITE_CELLS.lowBelow.toFixed(1)} ×10³/µL; usual range ${WHITE_CELLS.lowBelow.toFixed(1)}-${WHITE_CELLS.highAbove.toFixed(1)}`,
        'White blood cells fight infection. A low count often follows a viral infection and can also come from some ' +
          'medicines, autoimmune conditions or bone-marrow problems. Some healthy people of African or Middle Eastern ' +
          'ancestry have a lower count all their lives. A repeat count with a differential (which types of white cell) tells more.' +
          (veryLow ? ' At this level, a fever is a reason to seek care the same day.' : ''),
        CITATIONS.leukopenia,
      ),
    ];
  }
  if (w > WHITE_CELLS.highAbove) {
    const extreme = w > WHITE_CELLS.extremeAbove;
    return [
      finding(
        extreme ? 'leukocytosis-extreme' : 'leukocytosis',
        extreme ? 'Extremely high white blood cell count' : 'High white blood cell count (leukocytosis)',
        extreme ? 'urgent' : 'attention',
        ['whiteBloodCells'],
        value,
        `leukocytosis above ${WHITE_CELLS.highAbove.toFixed(1)} ×10³/µL; above 100 is hyperleukocytosis`,
        extreme
          ? 'A count above 100 can thicken the blood and needs a doctor today; it is usually caused by a blood cancer such as leukaemia.'
          : 'A high white count is most often a sign of infection or inflammation, and can follow stress, smoking, steroids ' +
              'or heavy exercise; less often it comes from a blood disorder. A repeat count with a differential tells more.',
        CITATIONS.leukocytosis,
      ),
    ];
  }
  return [];
}
