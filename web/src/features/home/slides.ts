/** Spec §3 "Carousel slide (local)": image, heading, accent span, content. Our own drawings in public/images/home. */
export type Slide = { image: string; heading: string; accent: string; content: string };

export const CAROUSEL_INTERVAL_MS = 5000;

export const SLIDES: readonly Slide[] = [
  {
    image: '/images/home/slide-1.svg',
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
