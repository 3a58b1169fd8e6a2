import type { ImageTestSlug } from '@medibuddy/contracts';
import { PrivacyNote } from '../../components/safety/safety-notice';
import { ImageUploadForm } from '../../features/assessments/components/image-upload-form';
import { imageTestPage } from '../../features/assessments/image-tests';
import { TestPage } from '../../features/catalogue/components/test-page';

const IMAGE_PRIVACY_NOTE =
  'The picture is checked and re-saved without its metadata (such as location); it is kept with your result, where only you can see it.';

/** One of the four imaging tests: what it needs, the notices, and the upload. */
export default function ImageTestRoute({ test }: { test: ImageTestSlug }) {
  const page = imageTestPage(test);
  return (
    <TestPage slug={page.slug} name={page.test.name} title={page.title} intro={page.intro}>
      <ImageUploadForm page={page} />
      <PrivacyNote>{IMAGE_PRIVACY_NOTE} </PrivacyNote>
    </TestPage>
  );
}
