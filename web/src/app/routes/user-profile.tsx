import type { User } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { KeyIcon, ShieldIcon } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { RequireSession } from '../../features/auth/components/require-session';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { FeedbackForm } from '../../features/profile/components/feedback-form';
import { ProfileSidebar } from '../../features/profile/components/profile-sidebar';
import { t } from '../../lib/i18n';
import { formatDate } from '../../lib/intl-format';
import { richText } from '../../lib/rich-text';

export default function UserProfileRoute() {
  return (
    <>
      <title>{t('account.profile.title')}</title>
      <RequireSession>{(user) => <ProfilePage user={user} />}</RequireSession>
    </>
  );
}

const CARD = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-7';

function ProfilePage({ user }: { user: User }) {
  const memberSince = new Date(user.createdAt);
  return (
    <div className="flex flex-1 flex-col bg-slate-50 md:flex-row">
      <ProfileSidebar />
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <section className={CARD}>
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{t('account.profile.heading')}</p>
          <PageHeading className="mt-1 text-3xl font-bold break-words text-slate-900">{user.name}</PageHeading>
          <p className="mt-1 break-all text-slate-700">{user.email}</p>
          <p className="mt-4 leading-relaxed text-slate-700">
            {t('account.profile.welcome')}
            {Number.isNaN(memberSince.getTime()) ? null : (
              <>
                {' '}
                {richText('account.profile.memberSince', {
                  date: (
                    <time dateTime={user.createdAt}>
                      {formatDate(memberSince, { year: 'numeric', month: 'long', day: 'numeric' })}
                    </time>
                  ),
                })}
              </>
            )}
          </p>
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">{t('account.record.heading')}</h2>
          <p className="mt-1 text-slate-700">{t('account.profile.recordText')}</p>
          <Link
            to="/health-record"
            className="mt-3 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            <ShieldIcon className="size-5" />
            {t('account.profile.openRecord')}
          </Link>
        </section>

        <section className={CARD}>
          <h2 className="mb-4 text-xl font-bold text-slate-900">{t('account.profile.pictureHeading')}</h2>
          <AvatarUpload user={user} />
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">{t('field.password')}</h2>
          <p className="mt-1 text-slate-700">{t('account.profile.passwordText')}</p>
          <Link
            to="/changePassword"
            className="mt-3 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            <KeyIcon className="size-5" />
            {t('account.password.title')}
          </Link>
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">{t('account.profile.feedbackHeading')}</h2>
          <p className="mt-1 mb-4 text-slate-700">{t('account.profile.feedbackText')}</p>
          <FeedbackForm />
        </section>

        <aside
          aria-label={t('account.profile.privacyLabel')}
          className="flex items-start gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-sm leading-relaxed text-teal-950"
        >
          <ShieldIcon className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>{t('account.profile.privacyHeading')}</strong> {t('account.profile.privacyText')}
          </p>
        </aside>
      </div>
    </div>
  );
}
