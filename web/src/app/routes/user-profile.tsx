import type { User } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { KeyIcon, ShieldIcon } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { RequireSession } from '../../features/auth/components/require-session';
import { AvatarUpload } from '../../features/profile/components/avatar-upload';
import { FeedbackForm } from '../../features/profile/components/feedback-form';
import { ProfileSidebar } from '../../features/profile/components/profile-sidebar';

export default function UserProfileRoute() {
  return (
    <>
      <title>Your profile · MediBuddy</title>
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
          <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">Your profile</p>
          <PageHeading className="mt-1 text-3xl font-bold break-words text-slate-900">{user.name}</PageHeading>
          <p className="mt-1 break-all text-slate-700">{user.email}</p>
          <p className="mt-4 leading-relaxed text-slate-700">
            Welcome to your MediBuddy dashboard. From here you can update your profile picture, change your password and
            tell us how MediBuddy works for you.
            {Number.isNaN(memberSince.getTime()) ? null : (
              <>
                {' '}
                Member since{' '}
                <time dateTime={user.createdAt}>
                  {memberSince.toLocaleDateString([], { year: 'numeric', month: 'long', day: 'numeric' })}
                </time>
                .
              </>
            )}
          </p>
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">My health record</h2>
          <p className="mt-1 text-slate-700">
            Your past results and their trends, PDF reports for your doctor, share links, and your data to download or
            delete.
          </p>
          <Link
            to="/health-record"
            className="mt-3 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            <ShieldIcon className="size-5" />
            Open my health record
          </Link>
        </section>

        <section className={CARD}>
          <h2 className="mb-4 text-xl font-bold text-slate-900">Profile picture</h2>
          <AvatarUpload user={user} />
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">Password</h2>
          <p className="mt-1 text-slate-700">Change it any time; you will need your current password.</p>
          <Link
            to="/changePassword"
            className="mt-3 inline-flex items-center gap-2 rounded font-semibold text-teal-800 underline underline-offset-4 hover:text-teal-950"
          >
            <KeyIcon className="size-5" />
            Change password
          </Link>
        </section>

        <section className={CARD}>
          <h2 className="text-xl font-bold text-slate-900">Send us feedback</h2>
          <p className="mt-1 mb-4 text-slate-700">Your comments help us make MediBuddy clearer and more useful.</p>
          <FeedbackForm />
        </section>

        <aside
          aria-label="Privacy"
          className="flex items-start gap-3 rounded-2xl border border-teal-200 bg-teal-50 p-4 text-sm leading-relaxed text-teal-950"
        >
          <ShieldIcon className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong>Privacy.</strong> Your name, email, picture and feedback are stored with your account. Feedback is
            read by the MediBuddy team to improve the app, so please leave out personal health details.
          </p>
        </aside>
      </div>
    </div>
  );
}
