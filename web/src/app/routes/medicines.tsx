import type { MedicineEntry, RecommendationsRequest, RecommendationsResponse } from '@medibuddy/contracts';
import { SYMPTOM_MIN, SYMPTOMS_MAX } from '@medibuddy/contracts/forms';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ShieldIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { PageHeading } from '../../components/ui/page-heading';
import { t } from '../../lib/i18n';
import { dismissNotice, notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { preloadSchemas } from '../../lib/schemas';
import { useGetRecommendations } from '../../features/medicines/api/get-recommendations';
import { EmergencyNotice } from '../../components/safety/emergency-notice';
import { MedicineCard } from '../../features/medicines/components/medicine-card';
import { SymptomChips } from '../../features/medicines/components/symptom-chips';
import { SymptomCombobox } from '../../features/medicines/components/symptom-combobox';
import { GuidanceBox } from '../../features/medicines/components/guidance-box';
import { MedicinesTogether } from '../../features/medicines/components/medicines-together';
import { ConditionsAndCountry } from '../../features/medicines/components/conditions-and-country';
import {
  draftOf,
  personOf,
  PersonSelector,
  EMPTY_DRAFT,
  type PersonDraft,
} from '../../features/medicines/components/person-selector';
import {
  EMPTY_CONTEXT,
  loadFinderContext,
  loadPerson,
  saveFinderContext,
  savePerson,
  type FinderContext,
} from '../../features/medicines/person-storage';
import { useTakenMedicines } from '../../features/medicines/taken-medicines';
import { preloadRedFlagCheck, useRedFlagCheck } from '../../features/medicines/red-flag-check';

/**
 * Medicines by symptom (docs/product.md#medicines-page). Open to visitors: it is information and nothing is stored
 * (docs/decisions/008-medicines.md). A red-flag symptom shows the emergency notice at once, and the server answers it with the
 * notice instead of medicines.
 */
export default function MedicinesRoute() {
  const [symptoms, setSymptoms] = useState<string[]>([]);
  const [answer, setAnswer] = useState<{ symptoms: string[]; response: RecommendationsResponse } | null>(null);
  const [personDraft, setPersonDraft] = useState<PersonDraft>(EMPTY_DRAFT);
  const [personError, setPersonError] = useState<string | undefined>();
  const { person } = personOf(personDraft);
  const [context, setContext] = useState<FinderContext>(EMPTY_CONTEXT);
  // A visitor's "Check medicines together" list lives here so that the finder checks against exactly what it shows.
  const [typedMedicines, setTypedMedicines] = useState<MedicineEntry[]>([]);
  const taken = useTakenMedicines(typedMedicines);
  const recommendations = useGetRecommendations();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  // The red-flag check and the schemas are fetched on the symptoms part's first focus, not with the page
  // (decision 014); a symptom on the list before the check is here is checked as it arrives.
  const redFlags = useRedFlagCheck(symptoms.length > 0, symptoms);
  const localNotice = redFlags?.emergencyNoticeFor(symptoms) ?? null;
  // The server's notice stands only for the list it was asked about (the shared check finds the same flags).
  const isAnswerCurrent = answer !== null && answer.symptoms.join('\n') === symptoms.join('\n');
  const notice = localNotice ?? (isAnswerCurrent ? answer.response.emergency : null);

  useEffect(() => {
    if (answer && !answer.response.emergency) resultsHeadingRef.current?.focus();
  }, [answer]);

  // Read after the page is taken over: the prerendered HTML was built with no one chosen.
  useEffect(() => {
    setPersonDraft(draftOf(loadPerson()));
    setContext(loadFinderContext());
  }, []);

  function warmUp() {
    preloadRedFlagCheck();
    preloadSchemas();
  }

  function changePerson(draft: PersonDraft) {
    setPersonDraft(draft);
    const parsed = personOf(draft);
    if (!parsed.error) {
      setPersonError(undefined);
      savePerson(parsed.person);
    }
  }

  function changeContext(next: FinderContext) {
    setContext(next);
    saveFinderContext(next);
  }

  function addSymptom(raw: string): boolean {
    const symptom = raw.trim().replace(/\s+/g, ' ');
    if (!symptom) {
      notifyError(t('medicines.emptySymptom'));
      return false;
    }
    if (symptom.length < SYMPTOM_MIN) {
      notifyError(t('medicines.symptomTooShort', { min: SYMPTOM_MIN }));
      return false;
    }
    if (symptoms.some((s) => s.toLowerCase() === symptom.toLowerCase())) {
      notifyInfo(t('medicines.symptomRepeated', { symptom }), 'symptom-repeated');
      return false;
    }
    if (symptoms.length >= SYMPTOMS_MAX) {
      notifyError(t('medicines.tooManySymptoms', { max: SYMPTOMS_MAX }));
      return false;
    }
    setSymptoms([...symptoms, symptom]);
    // What the user was asked for has been done: those toasts go.
    dismissNotice(t('medicines.noSymptoms'));
    dismissNotice(t('medicines.emptySymptom'));
    return true;
  }

  function removeSymptom(symptom: string) {
    setSymptoms(symptoms.filter((s) => s !== symptom));
    notifySuccess(t('medicines.symptomRemoved'), t('medicines.symptomRemoved'));
  }

  function getRecommendations() {
    if (recommendations.isPending) return;
    if (symptoms.length === 0) {
      notifyError(t('medicines.noSymptoms'));
      return;
    }
    const parsed = personOf(personDraft);
    if (parsed.error) {
      setPersonError(parsed.error);
      notifyError(parsed.error);
      return;
    }
    setPersonError(undefined);
    const asked = [...symptoms];
    const request: RecommendationsRequest = {
      symptoms: asked,
      ...(parsed.person ? { person: parsed.person } : {}),
      ...(taken.names.length > 0 ? { medicines: taken.names } : {}),
      ...(context.conditions.length > 0 ? { conditions: context.conditions } : {}),
      ...(context.country ? { country: context.country } : {}),
    };
    recommendations.mutate(request, {
      onSuccess: (response) => setAnswer({ symptoms: asked, response }),
      onError: (error) => notifyError(error, t('medicines.recommendationsFailed')),
    });
  }

  const results = answer?.response.results ?? [];

  return (
    <div className="flex-1 bg-slate-50">
      <title>{t('medicines.title')}</title>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{t('medicines.eyebrow')}</p>
          <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('medicines.heading')}
          </PageHeading>
          <p className="mt-3 text-lg leading-relaxed text-slate-700">{t('medicines.intro')}</p>
        </header>

        <aside className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-base leading-relaxed text-amber-950">
          <ShieldIcon className="mt-0.5 size-5 shrink-0" />
          <p>{t('medicines.disclaimer')}</p>
        </aside>

        <section
          aria-labelledby="symptoms-title"
          onFocus={warmUp}
          className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7"
        >
          <h2 id="symptoms-title" className="text-xl font-bold text-slate-900">
            {t('medicines.symptomsHeading')}
          </h2>
          <PersonSelector draft={personDraft} onChange={changePerson} error={personError} />
          <ConditionsAndCountry context={context} onChange={changeContext} />
          <SymptomCombobox onAdd={addSymptom} />
          <SymptomChips symptoms={symptoms} onRemove={removeSymptom} />
          <div className="flex flex-col items-start gap-2">
            <Button
              onClick={getRecommendations}
              isLoading={recommendations.isPending}
              loadingText={t('medicines.busy')}
              size="lg"
              aria-describedby={taken.names.length > 0 || taken.hasFailed ? 'finder-taken' : undefined}
            >
              {t('medicines.getRecommendations')}
            </Button>
            {taken.names.length > 0 ? (
              <p id="finder-taken" className="text-sm text-slate-700">
                {t('medicines.alsoChecked', { names: taken.names.join(', ') })}
              </p>
            ) : taken.hasFailed ? (
              <p id="finder-taken" className="text-sm font-semibold text-red-700">
                {t('medicines.takenFailed')}
              </p>
            ) : null}
          </div>
        </section>

        {notice ? (
          <EmergencyNotice notice={notice} helplineUses={redFlags?.helplineUsesOf(notice.flags) ?? []} />
        ) : null}

        {answer && !answer.response.emergency ? (
          <section aria-labelledby="results-title" className="flex flex-col gap-4">
            <h2
              id="results-title"
              ref={resultsHeadingRef}
              tabIndex={-1}
              className="text-xl font-bold text-slate-900 focus:outline-none"
            >
              {results.length === 0
                ? answer.response.guidance.some((g) => !g.isSelfCareAppropriate)
                  ? t('medicines.seeDoctorNoMedicines')
                  : t('medicines.noneFound')
                : t('medicines.found', { count: results.length, symptoms: answer.symptoms.join(', ') })}
            </h2>
            <p className="text-sm text-slate-700">
              {t('medicines.forPerson', { person: answer.response.personDescription })}
            </p>
            {answer.response.assumption ? (
              <Notice tone="info" title={t('medicines.assumption')} className="text-base">
                {answer.response.assumption}
              </Notice>
            ) : null}
            {answer.response.guidance.map((g) => (
              <GuidanceBox key={g.id} guidance={g} />
            ))}
            {answer.response.message ? (
              <p role="status" className="rounded-xl bg-white p-4 text-base text-slate-800 ring-1 ring-slate-200">
                {answer.response.message}
              </p>
            ) : null}
            {results.length > 0 ? (
              <>
                <ul className="grid gap-4 lg:grid-cols-2">
                  {results.map((medicine) => (
                    <li key={medicine.id}>
                      <MedicineCard medicine={medicine} />
                    </li>
                  ))}
                </ul>
                <p className="text-sm text-slate-600">{t('medicines.illustrations')}</p>
              </>
            ) : null}
            {answer.response.hidden.length > 0 ? (
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">
                  {t('medicines.notShownFor', { person: answer.response.personDescription })}
                </h3>
                <ul
                  aria-label={t('medicines.notShownLabel')}
                  className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-800"
                >
                  {answer.response.hidden.map((h) => (
                    <li key={h.name}>
                      <strong>{h.name}</strong>: {h.reason}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {answer.response.doctorMayPrescribe.length > 0 ? (
              <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{t('medicines.doctorMayPrescribe')}</h3>
                <ul
                  aria-label={t('medicines.doctorMayPrescribeLabel')}
                  className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-800"
                >
                  {answer.response.doctorMayPrescribe.map((p) => (
                    <li key={p.name}>
                      {t('medicines.needsPrescription', { name: p.name, ingredients: p.ingredients.join(' + ') })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
        ) : null}

        <MedicinesTogether person={person} typedEntries={typedMedicines} onTypedEntriesChange={setTypedMedicines} />

        <div className="border-t border-slate-200 pt-4 text-sm leading-relaxed text-slate-600">
          <p>{t('medicines.sourcesNote')}</p>
        </div>
      </div>
    </div>
  );
}
