import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { PageHeading } from '../../components/ui/page-heading';

export default function NotFoundRoute() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <title>Error 404 · MediBuddy</title>
      <PageHeading className="text-4xl font-extrabold tracking-tight text-slate-900">Error 404</PageHeading>
      <p className="text-lg text-slate-700">
        We could not find this page. The address may be mistyped, or the page may not exist yet.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md')}>
        Go to the home page
      </Link>
    </section>
  );
}
