import type { ImageTestSlug } from '@medibuddy/contracts';
import { PrivacyNote } from '../../components/safety/safety-notice';
import { ImageUploadForm } from '../../features/assessments/components/image-upload-form';
import { imageTestPage } from '../../features/assessments/image-tests';
import { TestPage } from '../../features/catalogue/components/test-page';
import { t } from '../../lib/i18n';

/** One of the four imaging tests: what it needs, the notices, and the upload; words from 'images' (decision 032). */
export default function ImageTestRoute({ test }: { test: ImageTestSlug }) {
  const page = imageTestPage(test);
  return (
    <TestPage slug={page.slug} name={page.name} allTests={t('images.allTests')} title={page.title} intro={page.intro}>
      <ImageUploadForm page={page} />
      <PrivacyNote
        texts={{ heading: t('images.privacy'), note: t('images.privacyNote'), policy: t('images.privacyPolicy') }}
      >
        {t('images.pictureNote')}{' '}
      </PrivacyNote>
    </TestPage>
  );
}
