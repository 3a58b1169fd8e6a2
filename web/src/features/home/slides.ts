import firstSlideImage from './images/slide-1.svg';

/**
 * A carousel slide (docs/product.md#home-page): image, heading, accent span, content. Our own drawings. The first
 * slide's (under 1 KB) is bundled, so Vite inlines it as a data URL and the first paint waits for no image request; the
 * others are files in public/images/home, loaded lazily.
 */
export type Slide = { image: string; heading: string; accent: string; content: string };

export const CAROUSEL_INTERVAL_MS = 5000;

export const SLIDES: readonly Slide[] = [
  {
    image: firstSlideImage,
    heading: 'Your path to wellness,',
    accent: 'one clear step at a time',
    content:
      'MediBuddy helps you make sense of your health: check values from a check-up, read what they mean in plain words, and know when to see a clinician.',
  },
  {
    image: '/images/home/slide-2.svg',
    heading: 'Quick, careful answers',
    accent: 'from your lab values',
    content:
      'Enter numbers from a lab report and get a risk estimate for diabetes, heart, cardiovascular or liver disease in under a minute, with the factors that weighed most.',
  },
  {
    image: '/images/home/slide-3.svg',
    heading: 'Imaging insights',
    accent: 'in seconds',
    content:
      'Upload a retinal photo, a chest CT image or a close-up of a skin lesion and see what an image model finds, with how sure it is.',
  },
  {
    image: '/images/home/slide-4.svg',
    heading: 'Ask MediBuddy,',
    accent: 'any time',
    content:
      'Our assistant answers general health questions in everyday language and points you to the right test or to urgent care when symptoms call for it.',
  },
  {
    image: '/images/home/slide-5.svg',
    heading: 'Find medicines',
    accent: 'by symptom',
    content:
      'Look up medicines commonly used for your symptoms, with their ingredients and side effects, to discuss with a pharmacist or doctor before you take anything.',
  },
];
