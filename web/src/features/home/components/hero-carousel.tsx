import { useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePrefersReducedMotion } from '../../../lib/use-browser-value';
import { CAROUSEL_INTERVAL_MS, SLIDES } from '../slides';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './home-icons';

const wrap = (index: number) => (index + SLIDES.length) % SLIDES.length;

/**
 * The home page's hero carousel (docs/product.md#home-page): five slides, the next one every 5 s, wrapping after the
 * last; previous/next arrows that show on hover (and on keyboard focus, and always on touch screens); dots
 * that select a slide directly. Following the WAI-ARIA carousel pattern it also has a pause button and
 * holds still while the pointer or keyboard focus is inside it, and it starts paused when the visitor has
 * asked for reduced motion (docs/decisions).
 */
export function HeroCarousel() {
  const { t } = useT();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  /** The visitor's own choice from the pause/play button; undefined until they press it. */
  const [playChoice, setPlayChoice] = useState<boolean | undefined>(undefined);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocusWithin, setHasFocusWithin] = useState(false);
  const slidesId = useId();

  const isPlaying = playChoice ?? !prefersReducedMotion;
  const isRotating = isPlaying && !isHovered && !hasFocusWithin;

  useEffect(() => {
    if (!isRotating) return;
    // A new timer after every change, so a slide chosen by hand also stays for the full interval.
    const timer = window.setTimeout(() => setIndex((current) => wrap(current + 1)), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, isRotating]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      className="group/carousel relative"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setIsHovered(true)}
      onPointerLeave={() => setIsHovered(false)}
      onFocus={(event) => event.target.matches(':focus-visible') && setHasFocusWithin(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocusWithin(false);
      }}
    >
      <div
        id={slidesId}
        // Announce a slide change only when the visitor caused it, not every 5 s.
        aria-live={isRotating ? 'off' : 'polite'}
        className="grid [grid-template-areas:'slide']"
      >
        {SLIDES.map((slide, i) => {
          const isCurrent = i === index;
          return (
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slideOf', { number: i + 1, total: SLIDES.length })}
              data-testid="carousel-slide"
              data-current={isCurrent}
              className={`grid items-center gap-6 px-4 pt-8 pb-20 [grid-area:slide] sm:px-16 md:grid-cols-[1.1fr_1fr] md:gap-10 md:pt-14 lg:px-20 ${
                isCurrent ? 'visible opacity-100' : 'invisible opacity-0'
              } transition-[opacity,visibility] duration-700 ease-out motion-reduce:transition-none`}
            >
              <div className="order-2 md:order-1">
                <h2 className="text-3xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
                  {t(slide.heading)} <span className="text-teal-700">{t(slide.accent)}</span>
                </h2>
                <p className="mt-4 max-w-xl text-base leading-relaxed text-slate-700 sm:text-lg">{t(slide.content)}</p>
              </div>
              <img
                src={slide.image}
                alt=""
                width={480}
                height={360}
                decoding="async"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                className="order-1 mx-auto h-auto w-full max-w-56 sm:max-w-sm md:order-2 md:max-w-md"
              />
            </div>
          );
        })}
      </div>

      {/* Arrows: shown on hover, and whenever one has keyboard focus or the device cannot hover. */}
      {(
        [
          { label: 'carousel.previous', step: -1, side: 'left-2 sm:left-4', Icon: ChevronLeftIcon },
          { label: 'carousel.next', step: 1, side: 'right-2 sm:right-4', Icon: ChevronRightIcon },
        ] as const
      ).map(({ label, step, side, Icon }) => (
        <button
          key={label}
          type="button"
          aria-controls={slidesId}
          onClick={() => setIndex((current) => wrap(current + step))}
          className={`absolute top-1/2 ${side} z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md ring-1 ring-slate-300 transition-opacity duration-200 hover:bg-white focus-visible:opacity-100 sm:flex pointer-fine:opacity-0 pointer-fine:group-hover/carousel:opacity-100`}
        >
          <Icon />
          <span className="sr-only">{t(label)}</span>
        </button>
      ))}

      <div className="absolute inset-x-0 bottom-5 flex items-center justify-center gap-3">
        <button
          type="button"
          aria-controls={slidesId}
          onClick={() => setPlayChoice(!isPlaying)}
          className="flex size-10 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
          <span className="sr-only">{isPlaying ? t('carousel.pause') : t('carousel.play')}</span>
        </button>
        <div role="group" aria-label={t('carousel.choose')} className="flex items-center gap-1">
          {SLIDES.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              aria-controls={slidesId}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="group/dot flex size-10 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full transition-all duration-300 motion-reduce:transition-none ${
                  i === index ? 'w-8 bg-teal-700' : 'w-3 bg-slate-400 group-hover/dot:bg-slate-600'
                }`}
              />
              <span className="sr-only">
                {t('carousel.slideName', { number: i + 1, heading: t(slide.heading), accent: t(slide.accent) })}
              </span>
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
