import { getTest, type CatalogueTest } from '@medibuddy/contracts/catalogue';
import { IMAGE_NEEDED_BY_TEST, type ImageTestSlug } from '@medibuddy/contracts/forms';

export type ImageTestPage = {
  slug: ImageTestSlug;
  test: CatalogueTest;
  /** The page's h1. */
  title: string;
  /** What the test does and which model answers it. */
  intro: string;
  /** The picture it needs, as the server's refusal says it. */
  needed: string;
  /** How to get a picture the model can read. */
  tips: readonly string[];
};

const FUNDUS_TIPS = [
  'Use the colour photo of the back of the eye from an eye check-up (a fundus or retinal photo), not a photo of the face or the front of the eye.',
  'The round, orange-red retina should fill most of the picture.',
] as const;

const PAGES: Record<ImageTestSlug, Omit<ImageTestPage, 'slug' | 'test' | 'needed'>> = {
  cataract: {
    title: 'Cataract Prediction',
    intro:
      'Upload a colour photograph of the retina (a fundus photo). A computer model that learnt from about 4,200 public ' +
      'fundus photos says first whether it should be seen by an eye doctor soon, then scores it for cataract, diabetic ' +
      'retinopathy, glaucoma and a normal retina, and shows which part of the picture weighed most.',
    tips: FUNDUS_TIPS,
  },
  'diabetic-retinopathy': {
    title: 'Diabetic Retinopathy Prediction',
    intro:
      'Upload a colour photograph of the retina (a fundus photo). The same model as the cataract test says first whether ' +
      'it should be seen by an eye doctor soon, then scores it for diabetic retinopathy (present or not; it cannot grade ' +
      'severity), cataract, glaucoma and a normal retina.',
    tips: FUNDUS_TIPS,
  },
  'ct-scan': {
    title: 'CT Scan Prediction',
    intro:
      'Upload one image (slice) of a chest CT scan. A computer model that learnt from a small public set of about 1,000 ' +
      'chest CT images says first whether the slice looks abnormal, then which it is most like: normal or one of three ' +
      'lung-cancer types (adenocarcinoma, large-cell carcinoma or squamous-cell carcinoma).',
    tips: [
      'Export one axial slice through the lungs as a JPEG or PNG picture; if you take a screenshot, crop it to the scan, without the viewer’s buttons and text.',
      'One slice is not your whole scan: a radiologist reads all of it.',
    ],
  },
  skin: {
    title: 'Skin Disease Prediction',
    intro:
      'Upload a close-up photograph of one skin spot. A computer model that learnt from about 2,200 dermoscope pictures ' +
      'from the ISIC archive says first whether it can wait or should be seen within 2 weeks, then which of nine common ' +
      'lesion types it most resembles, from harmless moles to melanoma.',
    tips: [
      'Close up, in focus and in good light, with the spot in the middle; a dermatoscope picture is best.',
      'One spot per picture. A spot that changes, bleeds or itches needs a doctor whatever the result.',
    ],
  },
};

export function imageTestPage(slug: ImageTestSlug): ImageTestPage {
  return { slug, test: getTest(slug), needed: IMAGE_NEEDED_BY_TEST[slug], ...PAGES[slug] };
}
