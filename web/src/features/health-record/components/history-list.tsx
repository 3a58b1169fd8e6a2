import type { HistoryEntry } from '@medibuddy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { assessmentReportUrl } from '../../../lib/health-record';
import { t } from '../../../lib/i18n';
import { formatDate } from '../../../lib/intl-format';
import { useCreateShare } from '../api/shares';
import { testNameOf } from '../test-name';

const dateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** The assessments, newest first: each opens its result page, downloads its PDF or gets a share link. */
export function HistoryList({ entries, paper }: { entries: HistoryEntry[]; paper: 'A4' | 'Letter' }) {
  const share = useCreateShare();
  const [link, setLink] = useState<{ id: string; url: string; expiresAt: string } | null>(null);

  return (
    <ol className="flex flex-col gap-3">
      {entries.map((entry) => {
        const name = testNameOf(entry.test);
        const at = dateTime(entry.createdAt);
        return (
          <li key={entry.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Link
                to={entry.resultPath}
                className="text-lg font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
              >
                {name}
              </Link>
              <time dateTime={entry.createdAt} className="text-sm text-slate-600">
                {at}
              </time>
            </div>
            <p className="mt-1 text-slate-800">{entry.headline}</p>
            <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              <a
                href={assessmentReportUrl(entry.id, paper)}
                download
                className="font-semibold text-teal-800 underline underline-offset-4"
                aria-label={t('account.history.pdfReportLabel', { test: name, date: at })}
              >
                {t('account.history.pdfReport')}
              </a>
              <Button
                variant="ghost"
                size="sm"
                className="!min-h-0 !px-0 underline underline-offset-4"
                isLoading={share.isPending && share.variables === entry.id}
                loadingText={t('account.history.creatingLink')}
                aria-label={t('account.history.shareLinkLabel', { test: name, date: at })}
                onClick={() =>
                  share.mutate(entry.id, {
                    onSuccess: (r) => {
                      setLink({ id: entry.id, url: r.url, expiresAt: r.share.expiresAt });
                      notifySuccess(undefined, t('account.history.linkCreated'));
                    },
                    onError: (error) => notifyError(error, t('account.error.generic')),
                  })
                }
              >
                {t('account.history.shareLink')}
              </Button>
            </div>
            {link?.id === entry.id ? (
              <div className="mt-3 rounded-lg bg-teal-50 p-3 text-sm text-teal-950 ring-1 ring-teal-200" role="status">
                <label htmlFor={`share-${entry.id}`} className="font-semibold">
                  {t('account.history.linkUntil', { date: dateTime(link.expiresAt) })}
                </label>
                <input
                  id={`share-${entry.id}`}
                  readOnly
                  value={link.url}
                  onFocus={(e) => e.currentTarget.select()}
                  className="mt-1 w-full rounded border border-teal-300 bg-white px-2 py-1 font-mono text-xs"
                />
                <p className="mt-1">{t('account.history.linkNote')}</p>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
