import type { Person } from '@medibuddy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { checkSafety, doctorFirst, noticeOf } from '../../reading/safety';
import {
  cardsFor,
  closingNotes,
  doctorFirstAnswer,
  namedProducts,
  type RecommendationResult,
  unmatchedSymptoms,
} from './finder-answer';
import { circumstancesOf, type FinderExtras } from './finder-circumstances';
import { guideContextOf, guidesFor, type SafetyFacts } from './medicine-safety';
import type { createMedicineResolver } from './my-medicines';
import type { MedicinesRepository } from './medicines.repository';
import { conditionsInWords, personFraming, takenInWords } from './person-from-words';
import { groupProducts, rankMedicines } from './product-ranking';
import { chooseGroups, judgeGroups } from './product-verdicts';
import { withTreatingStarters } from './starter-products';
import { searchesFor } from './symptom-query';

/** The medicine finder: the complaints and the person in, self-care guidance and the products that suit them out. */
export function createFinder({
  repo,
  resolve,
  facts,
  log,
}: {
  repo: MedicinesRepository;
  resolve: ReturnType<typeof createMedicineResolver>;
  facts: SafetyFacts;
  log: FastifyBaseLogger;
}) {
  /**
   * Self-care guidance for the complaints, then the medicines suitable for this person whose ingredients
   * treat them, each with the use that matched and the dose. Red-flag symptoms get an emergency notice and
   * nothing else; a complaint that needs a doctor (a likely urinary infection, a young baby's fever) gets its
   * guidance and no products. The symptoms are never logged or stored.
   */
  return async function recommend(
    input: readonly string[],
    given?: Person,
    extras: FinderExtras = {},
  ): Promise<RecommendationResult> {
    const started = performance.now();
    const typed = [...new Map(input.map((s) => [s.trim().toLowerCase(), s.trim()])).values()];
    const verdict = checkSafety(typed);
    const { person, assumesNothing, personDescription, assumption } = personFraming(given, verdict.readings);
    const empty = { guidance: [], hidden: [], doctorMayPrescribe: [], personDescription };
    const emergency = noticeOf(verdict);
    if (emergency) {
      log.info({ redFlags: emergency.flags.map((f) => f.id) }, 'medicine search answered with an emergency notice');
      return { emergency, results: [], unmatched: [], ...empty };
    }
    // A sign that needs a doctor within days (a cough of 3 weeks with weight loss), or a medicine taken that needs
    // its prescriber today: the shared safety check's advice, in the person's language, and no product to hide it.
    const doctor = doctorFirst(verdict);
    if (doctor.length > 0) {
      log.info({ flags: doctor.map((f) => f.id) }, 'medicine search answered: a doctor first');
      const { guidance, message } = doctorFirstAnswer(doctor, verdict.language);
      return { emergency: null, results: [], unmatched: [], ...empty, guidance, message };
    }
    // A complaint in Hindi or Hinglish is searched as the English its reading gives ("sir dard" as headache);
    // one the reading cannot place is named back in the person's own words (decision 025).
    const typedFor = new Map<string, string>();
    const symptoms = typed.map((s, i) => {
      const reading = verdict.readings[i];
      const english = reading && reading.language !== 'en' && reading.described ? reading.described : s;
      typedFor.set(english, s);
      return english;
    });

    const guides = guidesFor(symptoms, person, facts);
    const guideContext = guideContextOf(guides, person);
    const guidance = guides.map((g) => g.guidance(person, guideContext.avoid));
    const notForSelfCare = guidance.filter((g) => !g.isSelfCareAppropriate);
    if (notForSelfCare.length > 0) {
      const message = notForSelfCare.map((g) => g.notAppropriateReason ?? `${g.title}: see a doctor.`).join(' ');
      return { emergency: null, results: [], unmatched: [], ...empty, guidance, message };
    }
    // Medicines the words say are being taken count as the person's own ("taking lemsip, can i have paracetamol").
    const inWords = takenInWords(verdict.readings);
    // So do the conditions they name ("liver ki problem hai"), beside those ticked on the page.
    const circumstances = await circumstancesOf(
      resolve,
      {
        ...extras,
        medicines: [...(extras.medicines ?? []), ...inWords],
        conditions: [...new Set([...(extras.conditions ?? []), ...conditionsInWords(verdict.readings)])],
      },
      person,
    );

    const searched = searchesFor(symptoms, facts);
    const worded = await repo.findMatches(searched.map((s) => s.query));
    const { hits, links } = await withTreatingStarters(repo, facts, worded, searched);
    const groups = groupProducts(rankMedicines(hits, links, searched.length));
    const context = { person, assumesNothing, facts, guides, guideContext, circumstances };
    const verdicts = judgeGroups(groups, searched, context);
    const { chosen, hiddenGroups, prescribeGroups } = chooseGroups(groups, verdicts, searched.length);

    const details = new Map(
      (
        await repo.findDetails([
          ...chosen.flatMap((g) => [g.representative.medicineId, ...g.similarIds]),
          ...[...hiddenGroups, ...prescribeGroups].map((g) => g.representative.medicineId),
        ])
      ).map((d) => [d.id, d]),
    );
    const cardContext = { person, facts, guideContext, country: extras.country };
    const { results, tooStrong } = cardsFor(chosen, details, verdicts, searched, cardContext);
    const { hidden, doctorMayPrescribe } = namedProducts(tooStrong, hiddenGroups, prescribeGroups, details, verdicts);
    const unmatched = unmatchedSymptoms(symptoms, searched, groups, verdicts, typedFor);
    log.debug(
      {
        symptoms: symptoms.length,
        uses: hits.length,
        links: links.length,
        results: results.length,
        ms: Math.round(performance.now() - started),
      },
      'medicine search',
    );
    const { message, taken } = closingNotes({ results, unmatched, guidance }, hiddenGroups, verdicts, circumstances);
    return {
      emergency: null,
      results,
      unmatched,
      personDescription,
      ...(assumption || taken ? { assumption: [assumption, taken].filter(Boolean).join(' ') } : {}),
      guidance,
      hidden,
      doctorMayPrescribe,
      ...(message ? { message } : {}),
    };
  };
}
