import { useEffect, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n';
import { CircuitIcon, ConversationIcon, LockIcon, RefreshIcon, RouteIcon, ScanIcon } from './home-icons';

type Feature = {
  /** Keys of the home page's catalogue. */
  title: MessageKey;
  text: MessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Where the card slides in from: the left, the bottom or the right. */
  from: 'left' | 'bottom' | 'right';
};

/** The six features of docs/product.md#home-page, each described as this product actually does it. */
const FEATURES: readonly Feature[] = [
  {
    title: 'feature1.title',
    text: 'feature1.text',
    Icon: ConversationIcon,
    from: 'left',
  },
  {
    title: 'feature2.title',
    text: 'feature2.text',
    Icon: CircuitIcon,
    from: 'bottom',
  },
  {
    title: 'feature3.title',
    text: 'feature3.text',
    Icon: RouteIcon,
    from: 'right',
  },
  {
    title: 'feature4.title',
    text: 'feature4.text',
    Icon: ScanIcon,
    from: 'left',
  },
  {
    title: 'feature5.title',
    text: 'feature5.text',
    Icon: LockIcon,
    from: 'bottom',
  },
  {
    title: 'feature6.title',
    text: 'feature6.text',
    Icon: RefreshIcon,
    from: 'right',
  },
];

const HIDDEN_OFFSET: Record<Feature['from'], string> = {
  left: '-translate-x-16',
  bottom: 'translate-y-16',
  right: 'translate-x-16',
};

/**
 * Slides in once its top has passed 75% of the window's height, after 0.1 s, over 1.1 s (docs/product.md#home-page).
 * The observer's bottom margin of -25% makes "intersecting" mean exactly that. With reduced motion it is simply there.
 */
function FeatureCard({ feature }: { feature: Feature }) {
  const ref = useRef<HTMLLIElement>(null);
  const [isShown, setIsShown] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || isShown) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setIsShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -25% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isShown]);

  const { Icon } = feature;
  const { t } = useT();
  return (
    <li
      ref={ref}
      data-testid="feature-card"
      data-from={feature.from}
      data-shown={isShown}
      className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-[opacity,translate] delay-100 duration-[1100ms] ease-out motion-reduce:translate-none motion-reduce:opacity-100 motion-reduce:transition-none ${
        isShown ? 'translate-none opacity-100' : `opacity-0 ${HIDDEN_OFFSET[feature.from]}`
      }`}
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-teal-50 text-teal-800">
        <Icon className="size-6" />
      </span>
      <h3 className="mt-4 text-xl font-bold text-slate-900">{t(feature.title)}</h3>
      <p className="mt-2 leading-relaxed text-slate-700">{t(feature.text)}</p>
    </li>
  );
}

export function FeatureCards() {
  const { t } = useT();
  return (
    <section aria-labelledby="features-heading" className="overflow-x-clip bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('features.heading')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">{t('features.intro')}</p>
        {/* The section clips (overflow-x-clip) so cards sliding in from the sides never widen a phone page. */}
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </div>
    </section>
  );
}
