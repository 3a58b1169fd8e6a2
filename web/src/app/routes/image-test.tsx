import type { ImageTestSlug } from '@medibuddy/contracts';
import { Link } from 'react-router';
import { PrivacyNote, SafetyNotice } from '../../components/safety/safety-notice';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { PageHeading } from '../../components/ui/page-heading';
import { ImageUploadForm } from '../../features/assessments/components/image-upload-form';
import { imageTestPage } from '../../features/assessments/image-tests';
import { TestIllustration } from '../../features/catalogue/components/test-illustration';

export const IMAGE_PRIVACY_NOTE =
  'The picture is checked and re-saved without its metadata (such as location); it is kept with your result, where only you can see it.';

/** One of the four imaging tests: what it needs, the notices, and the upload. */
export default function ImageTestRoute({ test }: { test: ImageTestSlug }) {
  const page = imageTestPage(test);
  return (
    <div className="flex-1 bg-slate-50">
      <title>{`${page.title} · MediBuddy`}</title>
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-12">
        <Link
          to="/diagnosis"
          className="inline-flex items-center gap-1.5 self-start rounded text-sm font-semibold text-teal-800 underline-offset-4 hover:underline print:hidden"
        >
          <ArrowLeftIcon className="size-4" />
          All tests
        </Link>
        <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <TestIllustration slug={page.slug} className="size-16 shrink-0 rounded-2xl sm:size-20" />
          <div>
            <p className="text-sm font-semibold tracking-wide text-teal-800 uppercase">{page.test.name}</p>
            <PageHeading className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{page.title}</PageHeading>
            <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-700">{page.intro}</p>
          </div>
        </header>
        <SafetyNotice />
        <ImageUploadForm page={page} />
        <PrivacyNote>{IMAGE_PRIVACY_NOTE} </PrivacyNote>
      </div>
    </div>
  );
}
