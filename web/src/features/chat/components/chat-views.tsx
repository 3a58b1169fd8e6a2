import { NOT_A_DOCTOR, RECENT_LABEL_LENGTH } from '@medibuddy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CountrySelect } from '../../../components/safety/country-select';
import {
  useChatSettings,
  useConversations,
  useDeleteAllConversations,
  useDeleteConversation,
} from '../api/conversations';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

export function HelpView() {
  return (
    <section aria-labelledby="help-heading" className="mx-auto w-full max-w-2xl space-y-4 p-6">
      <h2 id="help-heading" className="text-2xl font-semibold text-slate-900">
        How to use MediBuddy
      </h2>
      <div className={card}>
        <ul className="list-disc space-y-2 pl-5 text-slate-800">
          <li>
            Type a health question in the box at the bottom and press <kbd className="rounded border px-1">Enter</kbd>{' '}
            or the send button. <kbd className="rounded border px-1">Shift</kbd>+
            <kbd className="rounded border px-1">Enter</kbd> starts a new line.
          </li>
          <li>
            Name the condition, symptom or medicine you mean: “What are the symptoms of gout?” finds more than “Is this
            bad?”.
          </li>
          <li>
            Every answer comes from the sources listed under it. If MediBuddy finds nothing, it says so instead of
            guessing.
          </li>
          <li>
            Recent shows your prompts (the first {RECENT_LABEL_LENGTH} characters). Click one to open its conversation
            and ask it again.
          </li>
          <li>
            Signs of an emergency, such as chest pain or trouble breathing, get an emergency answer at once: call your
            local emergency number.
          </li>
          <li>
            Signed in, your conversations are kept so you can reopen them in Activity and delete them in Settings. As a
            visitor, nothing is kept.
          </li>
        </ul>
      </div>
      <p className="text-sm text-slate-700">{NOT_A_DOCTOR}</p>
    </section>
  );
}

export function ActivityView({ isSignedIn, onOpen }: { isSignedIn: boolean; onOpen: (id: string) => void }) {
  const conversations = useConversations(isSignedIn);
  const remove = useDeleteConversation();
  return (
    <section aria-labelledby="activity-heading" className="mx-auto w-full max-w-2xl space-y-4 p-6">
      <h2 id="activity-heading" className="text-2xl font-semibold text-slate-900">
        Activity
      </h2>
      {!isSignedIn ? (
        <p className={card}>
          As a visitor, your chat is not kept.{' '}
          <Link
            to="/login"
            state={{ from: { pathname: '/medibuddy' } }}
            className="font-semibold text-teal-800 underline"
          >
            Sign in
          </Link>{' '}
          to keep your conversations and come back to them.
        </p>
      ) : conversations.isPending ? (
        <p className="text-slate-600">Loading your conversations…</p>
      ) : conversations.error ? (
        <p className={card}>
          {conversations.error.message}{' '}
          <button
            type="button"
            className="font-semibold text-teal-800 underline"
            onClick={() => void conversations.refetch()}
          >
            Try again
          </button>
        </p>
      ) : conversations.data.conversations.length === 0 ? (
        <p className={card}>No conversations yet. Ask MediBuddy something to start one.</p>
      ) : (
        <ul className="space-y-2">
          {conversations.data.conversations.map((c) => (
            <li key={c.id} className={`${card} flex items-center gap-3 p-3`}>
              <button type="button" onClick={() => onOpen(c.id)} className="min-w-0 flex-1 text-left">
                <span className="block truncate font-medium text-slate-900">{c.title}</span>
                <span className="text-sm text-slate-600">{new Date(c.updatedAt).toLocaleString()}</span>
              </button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete “${c.title.slice(0, 40)}”`}
                isLoading={remove.isPending && remove.variables === c.id}
                loadingText="Deleting…"
                onClick={() =>
                  remove.mutate(c.id, {
                    onSuccess: () => notifySuccess(undefined, 'Conversation deleted.'),
                    onError: (e) => notifyError(e),
                  })
                }
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SettingsView({ isSignedIn, onDeletedAll }: { isSignedIn: boolean; onDeletedAll: () => void }) {
  const settings = useChatSettings();
  const deleteAll = useDeleteAllConversations();
  const [isConfirming, setIsConfirming] = useState(false);
  const providerName = {
    offline: 'MediBuddy’s offline assistant (answers straight from its sources)',
    gemini: 'Google Gemini',
    openai: 'An OpenAI-compatible model server',
  };
  const knowledge = settings.data?.knowledge ?? {};
  return (
    <section aria-labelledby="settings-heading" className="mx-auto w-full max-w-2xl space-y-4 p-6">
      <h2 id="settings-heading" className="text-2xl font-semibold text-slate-900">
        Settings
      </h2>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">Who answers</h3>
        {settings.isPending ? (
          <p className="text-slate-600">Loading…</p>
        ) : settings.error ? (
          <p>{settings.error.message}</p>
        ) : (
          <>
            <p className="mt-1 text-slate-800" data-testid="chat-provider">
              {providerName[settings.data.provider]}
              {settings.data.model ? ` (${settings.data.model})` : ''}
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Knowledge: {knowledge.disease ?? 0} MediBuddy health notes, {knowledge.medicine ?? 0} medicine notes
              {knowledge.medquad
                ? `, ${knowledge.medquad} answers from MedQuAD (U.S. National Library of Medicine and NIH pages)`
                : ''}
              . The server operator chooses the model; your questions go only there, and no key ever reaches your
              browser.
            </p>
          </>
        )}
      </div>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">Helplines</h3>
        <p className="mt-1 mb-3 text-sm text-slate-700">
          If a message sounds like a crisis or an emergency, MediBuddy answers with the numbers to call. They are chosen
          from your browser’s language; change the country here (kept in this browser only).
        </p>
        <CountrySelect />
      </div>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">History</h3>
        {!isSignedIn ? (
          <p className="mt-1 text-slate-800">As a visitor, nothing you ask is kept; closing the page forgets it.</p>
        ) : (
          <>
            <p className="mt-1 text-slate-800">Your conversations are kept with your account until you delete them.</p>
            {!isConfirming ? (
              <Button variant="secondary" className="mt-3" onClick={() => setIsConfirming(true)}>
                Delete all conversations
              </Button>
            ) : (
              <div role="alertdialog" aria-labelledby="confirm-delete-all" className="mt-3 rounded-xl bg-red-50 p-3">
                <p id="confirm-delete-all" className="text-red-950">
                  Delete all your conversations? This cannot be undone.
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    isLoading={deleteAll.isPending}
                    loadingText="Deleting…"
                    onClick={() =>
                      deleteAll.mutate(undefined, {
                        onSuccess: ({ deleted }) => {
                          notifySuccess(
                            undefined,
                            deleted === 1 ? '1 conversation deleted.' : `${deleted} conversations deleted.`,
                          );
                          setIsConfirming(false);
                          onDeletedAll();
                        },
                        onError: (e) => notifyError(e),
                      })
                    }
                  >
                    Yes, delete all
                  </Button>
                  <Button variant="ghost" onClick={() => setIsConfirming(false)}>
                    Cancel
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
