import { useEffect, useRef, useState, type ComponentType, type SVGProps } from 'react';
import { CircuitIcon, ConversationIcon, LockIcon, RefreshIcon, RouteIcon, ScanIcon } from './home-icons';

type Feature = {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Where the card slides in from: the left, the bottom or the right. */
  from: 'left' | 'bottom' | 'right';
};

/** The six features of docs/product.md#home-page, each described as this product actually does it. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Interactive Engagement',
    text: 'Ask MediBuddy, our chat assistant, about symptoms, tests and healthy habits, and get answers in plain language.',
    Icon: ConversationIcon,
    from: 'left',
  },
  {
    title: 'Intelligent Integration',
    text: 'Models trained on public clinical data estimate the risk of diabetes, heart, cardiovascular and liver disease from your values.',
    Icon: CircuitIcon,
    from: 'bottom',
  },
  {
    title: 'Smooth Health Journey',
    text: 'One short form per test and a result you can read and keep, so you arrive at an appointment knowing what to ask.',
    Icon: RouteIcon,
    from: 'right',
  },
  {
    title: 'Imaging Insights',
    text: 'Upload a retinal photo, a chest CT image or a skin close-up for an image model to check, with how sure it is.',
    Icon: ScanIcon,
    from: 'left',
  },
  {
    title: 'Confidentiality Shield',
    text: 'Your results are tied to your account and protected by sign-in and access control; nothing is shared or sold.',
    Icon: LockIcon,
    from: 'bottom',
  },
  {
    title: 'Adaptive Refinement',
    text: 'Tell us what worked and what did not from your profile: your feedback decides what we improve next.',
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
      <h3 className="mt-4 text-xl font-bold text-slate-900">{feature.title}</h3>
      <p className="mt-2 leading-relaxed text-slate-700">{feature.text}</p>
    </li>
  );
}

export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading" className="overflow-x-clip bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          What MediBuddy does for you
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">
          Health information you can act on, from a first question to a result you can take to your clinician.
        </p>
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
