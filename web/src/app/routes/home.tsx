import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { SafetyNotice } from '../../components/safety/safety-notice';
import { useT } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ChatWidget } from '../../features/home/components/chat-widget';
import { FeatureCards } from '../../features/home/components/feature-cards';
import { HeroCarousel } from '../../features/home/components/hero-carousel';

/**
 * The one part of the home page that depends on the session, in a component of its own: when the session becomes
 * known just after the page was taken over, only this link is rendered again, not the whole page (a long task on a
 * slow phone).
 */
function AccountLink() {
  const { user, isPending } = useSession();
  const { t } = useT();
  if (isPending) return null;
  return user ? (
    <Link to="/user-profile" className={buttonClasses('secondary', 'lg')}>
      {t('home.toProfile')}
    </Link>
  ) : (
    <Link to="/signup" className={buttonClasses('secondary', 'lg')}>
      {t('home.createAccount')}
    </Link>
  );
}

/**
 * docs/product.md#home-page: the carousel, the six feature cards and the floating MediBuddy widget (the footer is the
 * router's).
 */
export default function HomeRoute() {
  const { t } = useT();
  return (
    <>
      <title>{t('home.title')}</title>
      <section aria-labelledby="home-heading" className="bg-gradient-to-b from-teal-50 via-white to-white">
        <div className="mx-auto max-w-6xl px-0 pt-6 sm:px-6 sm:pt-10">
          <div className="px-4 sm:px-0">
            <PageHeading className="inline-block rounded-full bg-teal-100 px-3 py-1 text-sm font-semibold text-teal-900">
              <span id="home-heading">{t('home.title')}</span>
            </PageHeading>
          </div>
          <HeroCarousel />
        </div>
      </section>

      <section aria-label={t('home.getStarted')} className="bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pb-12 sm:px-6">
          <div className="flex min-h-12 flex-wrap items-center gap-3">
            <Link to="/symptom-check" className={buttonClasses('primary', 'lg')}>
              {t('home.checkSymptom')}
            </Link>
            <Link to="/diagnosis" className={buttonClasses('secondary', 'lg')}>
              {t('home.chooseTest')}
            </Link>
            <AccountLink />
          </div>
          <SafetyNotice className="max-w-3xl" />
        </div>
      </section>

      <FeatureCards />
      <ChatWidget />
    </>
  );
}
