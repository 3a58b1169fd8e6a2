import type { MessageKey } from '../../lib/i18n';
import firstSlideImage from './images/slide-1.svg';

/**
 * A carousel slide (docs/product.md#home-page): image, heading, accent span, content. Our own drawings. The first
 * slide's (under 1 KB) is bundled, so Vite inlines it as a data URL and the first paint waits for no image request; the
 * others are files in public/images/home, loaded lazily.
 */
/** Heading, accent and content are keys of the home page's catalogue (src/locales/<language>/home.json). */
export type Slide = { image: string; heading: MessageKey; accent: MessageKey; content: MessageKey };

export const CAROUSEL_INTERVAL_MS = 5000;

const slide = (image: string, n: 1 | 2 | 3 | 4 | 5): Slide => ({
  image,
  heading: `slide${n}.heading`,
  accent: `slide${n}.accent`,
  content: `slide${n}.content`,
});

export const SLIDES: readonly Slide[] = [
  slide(firstSlideImage, 1),
  slide('/images/home/slide-2.svg', 2),
  slide('/images/home/slide-3.svg', 3),
  slide('/images/home/slide-4.svg', 4),
  slide('/images/home/slide-5.svg', 5),
];
