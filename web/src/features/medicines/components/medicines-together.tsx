import type { MedicineCheckResponse, MedicineEntry, Person } from '@medibuddy/contracts';
import { MEDICINE_LIST_MAX } from '@medibuddy/contracts/forms';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useGrantConsent } from '../../../lib/consent';
import { useCheckMedicines } from '../api/check-medicines';
import { useAddMyMedicine, useMyMedicines, useRemoveMyMedicine, useSetMyMedicinesPerson } from '../api/my-medicines';
import { FindingsList } from './findings-list';

/** The fields of one medicine: name (product or ingredients), optional strength and doses a day. */
function EntryForm({
  onAdd,
  isPending,
  submitLabel,
}: {
  onAdd: (entry: MedicineEntry) => void;
  isPending: boolean;
  submitLabel: string;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [strength, setStrength] = useState('');
  const [doses, setDoses] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 2) {
      setError(t('entry.nameError'));
      return;
    }
    const entry: MedicineEntry = { name: trimmed };
    if (strength.trim() !== '') {
      const mg = Number(strength);
      if (!Number.isFinite(mg) || mg <= 0) return setError(t('entry.strengthError'));
      entry.strengthMg = mg;
    }
    if (doses.trim() !== '') {
      const n = Number(doses);
      if (!Number.isInteger(n) || n < 1 || n > 24) return setError(t('entry.dosesError'));
      entry.dosesPerDay = n;
    }
    setError(undefined);
    onAdd(entry);
    setName('');
    setStrength('');
    setDoses('');
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-semibold text-slate-800">
            {t('entry.name')}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            className="rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-strength`} className="text-sm font-semibold text-slate-800">
            {t('entry.strength')}
          </label>
          <input
            id={`${id}-strength`}
            inputMode="decimal"
            value={strength}
            onChange={(e) => setStrength(e.target.value)}
            className="w-32 rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-doses`} className="text-sm font-semibold text-slate-800">
            {t('entry.doses')}
          </label>
          <input
            id={`${id}-doses`}
            inputMode="numeric"
            value={doses}
            onChange={(e) => setDoses(e.target.value)}
            className="w-32 rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <Button type="submit" isLoading={isPending} loadingText={t('medicines.busy')}>
          {submitLabel}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('entry.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const describeEntry = (e: MedicineEntry) =>
  [
    e.name,
    e.strengthMg !== undefined ? t('entry.mg', { strength: e.strengthMg }) : null,
    e.dosesPerDay !== undefined ? t('entry.perDay', { count: e.dosesPerDay }) : null,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Without an account: a list typed on the page, checked on the server, kept nowhere. The page holds the list,
 * so that the medicine finder checks against exactly what is listed here.
 */
function TypedListChecker({
  person,
  entries,
  onEntriesChange,
}: {
  person: Person | undefined;
  entries: MedicineEntry[];
  onEntriesChange: (entries: MedicineEntry[]) => void;
}) {
  const [check, setCheck] = useState<MedicineCheckResponse | null>(null);
  const mutation = useCheckMedicines();

  function run(next: MedicineEntry[]) {
    onEntriesChange(next);
    if (next.length === 0) return setCheck(null);
    mutation.mutate(
      { items: next, ...(person ? { person } : {}) },
      {
        onSuccess: setCheck,
        onError: (error) => notifyError(error, t('together.checkFailed')),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <EntryForm
        isPending={mutation.isPending}
        submitLabel={t('together.addAndCheck')}
        onAdd={(entry) =>
          entries.length >= MEDICINE_LIST_MAX
            ? notifyError(t('together.tooMany', { max: MEDICINE_LIST_MAX }))
            : run([...entries, entry])
        }
      />
      {entries.length > 0 ? (
        <ul aria-label={t('together.toCheck')} className="flex flex-col gap-2">
          {entries.map((e, i) => (
            <li
              key={`${e.name}-${i}`}
              className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
            >
              <span>{describeEntry(e)}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('together.removeName', { name: e.name })}
                onClick={() => run(entries.filter((_, j) => j !== i))}
              >
                {t('together.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {check ? <FindingsList check={check} label={t('together.found')} /> : null}
      <p className="text-sm text-slate-600">{t('together.notStored')}</p>
    </div>
  );
}

/** Signed in: the stored list, checked again on every change; adding asks for the health-data consent once. */
function MyMedicinesPanel({ person }: { person: Person | undefined }) {
  const list = useMyMedicines(true);
  const setPerson = useSetMyMedicinesPerson();
  const add = useAddMyMedicine();
  const remove = useRemoveMyMedicine();
  const grant = useGrantConsent();
  const [pending, setPending] = useState<MedicineEntry | null>(null);

  function addEntry(entry: MedicineEntry) {
    add.mutate(entry, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'consent_required') setPending(entry);
        else notifyError(error, t('my.addFailed'));
      },
    });
  }

  if (list.isPending) return <p>{t('my.loading')}</p>;
  if (list.error) {
    return (
      <p role="alert">
        {t('my.loadFailed')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
          {t('my.tryAgain')}
        </Button>
      </p>
    );
  }
  const data = list.data;
  return (
    <div className="flex flex-col gap-4">
      {pending ? (
        <div
          role="region"
          aria-label={t('my.consent')}
          className="rounded-xl bg-teal-50 p-4 text-teal-950 ring-1 ring-teal-300"
        >
          <p className="font-semibold">{t('my.consentHeading')}</p>
          <p className="mt-1">{t('my.consentText')}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button
              isLoading={grant.isPending}
              loadingText={t('medicines.busy')}
              onClick={() =>
                grant.mutate(undefined, {
                  onSuccess: () => {
                    addEntry(pending);
                    setPending(null);
                  },
                  onError: (error) => notifyError(error, t('my.consentFailed')),
                })
              }
            >
              {t('my.agree')}
            </Button>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('my.notNow')}
            </Button>
          </div>
        </div>
      ) : null}
      <EntryForm isPending={add.isPending} submitLabel={t('my.add')} onAdd={addEntry} />
      {data.items.length === 0 ? (
        <p className="text-slate-700">{t('my.empty')}</p>
      ) : (
        <ul aria-label={t('my.heading')} className="flex flex-col gap-2">
          {data.items.map((item) => (
            <li
              key={item.id}
              className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200"
            >
              <span>
                <span className="font-medium">{item.name}</span>
                {item.ingredients.length > 0 ? (
                  <span className="text-sm text-slate-600"> — {item.ingredients.join(' + ')}</span>
                ) : null}
                {item.dosesPerDay !== null ? (
                  <span className="text-sm text-slate-600">{t('my.perDay', { count: item.dosesPerDay })}</span>
                ) : null}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('together.removeName', { name: item.name })}
                isLoading={remove.isPending && remove.variables === item.id}
                loadingText={t('medicines.busy')}
                onClick={() =>
                  remove.mutate(item.id, {
                    onError: (error) => notifyError(error, t('my.removeFailed')),
                  })
                }
              >
                {t('together.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        {t('my.checkedFor', { person: data.check.personDescription })}
        {JSON.stringify(person ?? null) !== JSON.stringify(data.person) ? (
          <Button
            variant="secondary"
            size="sm"
            isLoading={setPerson.isPending}
            loadingText={t('medicines.busy')}
            onClick={() =>
              setPerson.mutate(person ?? null, {
                onError: (error) => notifyError(error, t('my.personFailed')),
              })
            }
          >
            {t('my.checkForPerson')}
          </Button>
        ) : null}
      </p>
      {data.items.length > 0 ? <FindingsList check={data.check} label={t('together.found')} /> : null}
    </div>
  );
}

/**
 * Medicines taken together: signed-in users keep "My medicines" (checked on every change); visitors check a
 * list typed on the page, which the page holds (typedEntries). The check is for the person chosen above for
 * visitors, and for the person saved with the list for signed-in users.
 */
export function MedicinesTogether({
  person,
  typedEntries,
  onTypedEntriesChange,
}: {
  person: Person | undefined;
  typedEntries: MedicineEntry[];
  onTypedEntriesChange: (entries: MedicineEntry[]) => void;
}) {
  const { user, isPending } = useSession();
  return (
    <section
      aria-labelledby="together-title"
      className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7"
    >
      <h2 id="together-title" className="text-xl font-bold text-slate-900">
        {user ? t('my.heading') : t('together.heading')}
      </h2>
      <p className="text-slate-700">{t('together.intro')}</p>
      {isPending ? null : user ? (
        <MyMedicinesPanel person={person} />
      ) : (
        <TypedListChecker person={person} entries={typedEntries} onEntriesChange={onTypedEntriesChange} />
      )}
    </section>
  );
}
