import type { ImageTestSlug } from '@medibuddy/contracts/forms';
import { t, type MessageKey } from '../../lib/i18n';

export type ImageTestPage = {
  slug: ImageTestSlug;
  /** The catalogue name, shown above the heading. */
  name: string;
  /** The page's h1. */
  title: string;
  /** What the test does and which model answers it. */
  intro: string;
  /** The picture it needs, as the server's refusal says it (the contracts' IMAGE_NEEDED_BY_TEST in English). */
  needed: string;
  /** How to get a picture the model can read. */
  tips: readonly string[];
};

/** The tips of each test, from the 'images' catalogue; the two retina tests share theirs. */
const FUNDUS_TIPS = ['images.fundus.tip1', 'images.fundus.tip2'] as const;
const TIPS: Record<ImageTestSlug, readonly MessageKey[]> = {
  cataract: FUNDUS_TIPS,
  'diabetic-retinopathy': FUNDUS_TIPS,
  'ct-scan': ['images.ct-scan.tip1', 'images.ct-scan.tip2'],
  skin: ['images.skin.tip1', 'images.skin.tip2'],
};

/** The words of an image test page in the page's language ('images' catalogue, decision 032). */
export function imageTestPage(slug: ImageTestSlug): ImageTestPage {
  return {
    slug,
    name: t(`test.${slug}.name`),
    title: t(`images.${slug}.title`),
    intro: t(`images.${slug}.intro`),
    needed: t(`images.${slug}.needed`),
    tips: TIPS[slug].map((tip) => t(tip)),
  };
}
