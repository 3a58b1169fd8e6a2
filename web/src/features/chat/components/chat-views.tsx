import { RECENT_LABEL_LENGTH } from '@medibuddy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n';
import { formatDate, formatNumber } from '../../../lib/intl-format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { richText } from '../../../lib/rich-text';
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
        {t('chat.helpHeading')}
      </h2>
      <div className={card}>
        <ul className="list-disc space-y-2 pl-5 text-slate-800">
          <li>
            {richText('chat.helpType', {
              enter: <kbd className="rounded border px-1">{t('chat.enterKey')}</kbd>,
              shift: <kbd className="rounded border px-1">{t('chat.shiftKey')}</kbd>,
            })}
          </li>
          <li>{t('chat.helpName')}</li>
          <li>{t('chat.helpSources')}</li>
          <li>{t('chat.helpRecent', { count: RECENT_LABEL_LENGTH })}</li>
          <li>{t('chat.helpEmergency')}</li>
          <li>{t('chat.helpKept')}</li>
        </ul>
      </div>
      <p className="text-sm text-slate-700">{t('chat.notADoctor')}</p>
    </section>
  );
}

export function ActivityView({ isSignedIn, onOpen }: { isSignedIn: boolean; onOpen: (id: string) => void }) {
  const conversations = useConversations(isSignedIn);
  const remove = useDeleteConversation();
  return (
    <section aria-labelledby="activity-heading" className="mx-auto w-full max-w-2xl space-y-4 p-6">
      <h2 id="activity-heading" className="text-2xl font-semibold text-slate-900">
        {t('chat.activity')}
      </h2>
      {!isSignedIn ? (
        <p className={card}>
          {richText('chat.activityVisitor', {
            signIn: (
              <Link
                to="/login"
                state={{ from: { pathname: '/medibuddy' } }}
                className="font-semibold text-teal-800 underline"
              >
                {t('chat.signIn')}
              </Link>
            ),
          })}
        </p>
      ) : conversations.isPending ? (
        <p className="text-slate-600">{t('chat.activityLoading')}</p>
      ) : conversations.error ? (
        <p className={card}>
          {conversations.error.message}{' '}
          <button
            type="button"
            className="font-semibold text-teal-800 underline"
            onClick={() => void conversations.refetch()}
          >
            {t('chat.tryAgain')}
          </button>
        </p>
      ) : conversations.data.conversations.length === 0 ? (
        <p className={card}>{t('chat.activityEmpty')}</p>
      ) : (
        <ul className="space-y-2">
          {conversations.data.conversations.map((c) => (
            <li key={c.id} className={`${card} flex items-center gap-3 p-3`}>
              <button type="button" onClick={() => onOpen(c.id)} className="min-w-0 flex-1 text-left">
                <span className="block truncate font-medium text-slate-900">{c.title}</span>
                <span className="text-sm text-slate-600">
                  {formatDate(c.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('chat.deleteConversation', { title: c.title.slice(0, 40) })}
                isLoading={remove.isPending && remove.variables === c.id}
                loadingText={t('chat.deleting')}
                onClick={() =>
                  remove.mutate(c.id, {
                    onSuccess: () => notifySuccess(undefined, t('chat.deleted')),
                    onError: (e) => notifyError(e),
                  })
                }
              >
                {t('chat.delete')}
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
  const knowledge = settings.data?.knowledge ?? {};
  const counts = {
    disease: formatNumber(knowledge.disease ?? 0),
    medicine: formatNumber(knowledge.medicine ?? 0),
    medquad: formatNumber(knowledge.medquad ?? 0),
  };
  return (
    <section aria-labelledby="settings-heading" className="mx-auto w-full max-w-2xl space-y-4 p-6">
      <h2 id="settings-heading" className="text-2xl font-semibold text-slate-900">
        {t('chat.settings')}
      </h2>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">{t('chat.whoAnswers')}</h3>
        {settings.isPending ? (
          <p className="text-slate-600">{t('loading')}</p>
        ) : settings.error ? (
          <p>{settings.error.message}</p>
        ) : (
          <>
            <p className="mt-1 text-slate-800" data-testid="chat-provider">
              {t(`chat.provider.${settings.data.provider}`)}
              {settings.data.model ? ` (${settings.data.model})` : ''}
            </p>
            <p className="mt-2 text-sm text-slate-700">
              {knowledge.medquad ? t('chat.knowledgeMedquad', counts) : t('chat.knowledge', counts)}
            </p>
          </>
        )}
      </div>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">{t('chat.helplines')}</h3>
        <p className="mt-1 mb-3 text-sm text-slate-700">{t('chat.helplinesText')}</p>
        <CountrySelect />
      </div>
      <div className={card}>
        <h3 className="font-semibold text-slate-900">{t('chat.history')}</h3>
        {!isSignedIn ? (
          <p className="mt-1 text-slate-800">{t('chat.historyVisitor')}</p>
        ) : (
          <>
            <p className="mt-1 text-slate-800">{t('chat.historyKept')}</p>
            {!isConfirming ? (
              <Button variant="secondary" className="mt-3" onClick={() => setIsConfirming(true)}>
                {t('chat.deleteAll')}
              </Button>
            ) : (
              <div role="alertdialog" aria-labelledby="confirm-delete-all" className="mt-3 rounded-xl bg-red-50 p-3">
                <p id="confirm-delete-all" className="text-red-950">
                  {t('chat.deleteAllConfirm')}
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    isLoading={deleteAll.isPending}
                    loadingText={t('chat.deleting')}
                    onClick={() =>
                      deleteAll.mutate(undefined, {
                        onSuccess: ({ deleted }) => {
                          notifySuccess(undefined, t('chat.deletedAll', { count: deleted }));
                          setIsConfirming(false);
                          onDeletedAll();
                        },
                        onError: (e) => notifyError(e),
                      })
                    }
                  >
                    {t('chat.deleteAllYes')}
                  </Button>
                  <Button variant="ghost" onClick={() => setIsConfirming(false)}>
                    {t('chat.cancel')}
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
