import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ShieldIcon } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { useSession } from '../../features/auth/api/get-session';

export default function HomeRoute() {
  const { user, isPending } = useSession();

  return (
    <>
      <title>MediBuddy: health information, not a diagnosis</title>
      <section className="relative flex-1 overflow-hidden bg-gradient-to-b from-teal-50 via-white to-sky-50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24 lg:py-32">
          <p className="rounded-full bg-teal-100 px-3 py-1 text-sm font-semibold text-teal-900">
            Your assistant for diagnosis questions and medicines
          </p>
          <PageHeading className="max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            Understand your health, one clear step at a time
          </PageHeading>
          <p className="max-w-2xl text-lg leading-relaxed text-slate-700">
            MediBuddy is a health-information app. Enter clinical values or upload a medical image to get an
            AI-based risk estimate, ask our assistant general health questions, and look up medicines by symptom.
          </p>
          <p className="flex max-w-2xl items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
            <ShieldIcon className="mt-0.5 size-5 shrink-0" />
            <span>
              <strong>MediBuddy is not a diagnosis.</strong> Its results are estimates to discuss with a qualified
              clinician. In an emergency, call your local emergency number.
            </span>
          </p>
          <div className="flex min-h-12 flex-wrap items-center gap-3">
            {isPending ? null : user ? (
              <>
                <Link to="/user-profile" className={buttonClasses('primary', 'lg')}>
                  Go to your profile
                </Link>
                <p className="text-slate-700">
                  Signed in as <span className="font-semibold">{user.name}</span>.
                </p>
              </>
            ) : (
              <>
                <Link to="/signup" className={buttonClasses('primary', 'lg')}>
                  Create your account
                </Link>
                <Link to="/login" className={buttonClasses('secondary', 'lg')}>
                  Sign in
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
