import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';
import { t } from '../../lib/i18n';

export default function NotFoundRoute() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <title>{t('notFound.title')}</title>
      <PageHeading className="text-4xl font-extrabold tracking-tight text-slate-900">
        {t('notFound.heading')}
      </PageHeading>
      <p className="text-lg text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
