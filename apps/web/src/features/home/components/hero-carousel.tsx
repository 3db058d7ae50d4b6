import { CAROUSEL } from '@structomate/contract';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { LuChevronLeft, LuChevronRight, LuPause, LuPlay } from 'react-icons/lu';
import slideManifest from '../../../assets/art/carousel/slides.json';

const WIDTHS = [640, 1024, 1600] as const;
const files = import.meta.glob<string>('../../../assets/art/carousel/*.webp', {
  eager: true,
  import: 'default',
});
const urlOf = (id: string, width: number) => {
  const url = files[`../../../assets/art/carousel/${id}-${width}.webp`];
  if (!url) throw new Error(`Missing carousel artwork ${id}-${width}.webp`);
  return url;
};

const slides = slideManifest.slice(0, CAROUSEL.slideCount).map((slide) => ({
  ...slide,
  src: urlOf(slide.id, 1024),
  srcSet: WIDTHS.map((width) => `${urlOf(slide.id, width)} ${width}w`).join(', '),
}));

// Embla's `duration` is not milliseconds but a spring constant at 60 frames per second;
// 16 settles within half a percent of the target in 350 ms (spec §9 transition).
const EMBLA_DURATION_FOR_350_MS = 16;

/** Asked at each move, so a change of the setting applies at once: such readers get no slide. */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION).matches;
const onMotionSetting = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Spec §2/§9: 10 photos, auto-play every 3000 ms, swipe, endless loop, no thumbnails, no status.
 * Only the first photo loads up front; a slide's photo loads when it is next in line, so the page
 * stays light until someone watches the carousel turn.
 */
export function HeroCarousel() {
  // Paused by the visitor, or by their reduced-motion setting (which the server, drawing the
  // page, cannot know: the browser applies it as it takes the page over, before the first turn).
  const reducedMotion = useSyncExternalStore(onMotionSetting, prefersReducedMotion, () => false);
  const [chosen, setChosen] = useState<boolean>();
  const paused = chosen ?? reducedMotion;
  const pausedRef = useRef(paused);
  const [autoplay] = useState(() =>
    Autoplay({
      delay: CAROUSEL.intervalMs,
      stopOnInteraction: false,
      playOnInit: !prefersReducedMotion(),
    }),
  );
  useEffect(() => {
    pausedRef.current = paused;
    if (paused) autoplay.stop();
  }, [paused, autoplay]);
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: true, duration: EMBLA_DURATION_FOR_350_MS },
    [autoplay],
  );
  const [selected, setSelected] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));

  const load = useCallback((...indexes: number[]) => {
    setLoaded((current) => {
      const wanted = indexes.map((index) => (index + slides.length) % slides.length);
      return wanted.every((index) => current.has(index))
        ? current
        : new Set([...current, ...wanted]);
    });
  }, []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = (api: EmblaCarouselType) => {
      const index = api.selectedScrollSnap();
      setSelected(index);
      load(index, index + 1, index - 1);
    };
    // A drag shows the neighbours before any slide is selected.
    const onPointerDown = (api: EmblaCarouselType) => {
      const index = api.selectedScrollSnap();
      load(index + 1, index - 1);
    };
    // The plugin restarts itself after a drag or when focus leaves; a visitor's pause wins.
    const onPlay = () => {
      if (pausedRef.current) autoplay.stop();
    };
    embla.on('select', onSelect).on('pointerDown', onPointerDown).on('autoplay:play', onPlay);
    return () => {
      embla.off('select', onSelect).off('pointerDown', onPointerDown).off('autoplay:play', onPlay);
    };
  }, [embla, autoplay, load]);

  const togglePaused = () => {
    const next = !paused;
    pausedRef.current = next;
    setChosen(next);
    if (next) autoplay.stop();
    else autoplay.play();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      embla?.scrollPrev(prefersReducedMotion());
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      embla?.scrollNext(prefersReducedMotion());
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Apartments in the building"
      className="group relative overflow-hidden rounded-box bg-base-300 shadow-sm"
    >
      <div
        ref={viewportRef}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Photos; use the left and right arrow keys to browse"
        className="overflow-hidden focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-primary"
      >
        <div className="flex touch-pan-y" aria-live={paused ? 'polite' : 'off'}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <img
                src={loaded.has(index) ? slide.src : undefined}
                srcSet={loaded.has(index) ? slide.srcSet : undefined}
                sizes="(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw"
                alt={slide.alt}
                width={1600}
                height={900}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
                onLoad={index === 0 ? () => load(1) : undefined}
                draggable={false}
                className="aspect-video max-h-[500px] w-full select-none bg-base-300 object-cover"
              />
            </div>
          ))}
        </div>
      </div>

      <div className="pointer-events-none absolute inset-x-0 top-1/2 flex -translate-y-1/2 justify-between px-3">
        <button
          type="button"
          onClick={() => embla?.scrollPrev(prefersReducedMotion())}
          className="btn btn-circle btn-sm pointer-events-auto border-0 bg-base-100/80 shadow backdrop-blur hover:bg-base-100"
          aria-label="Previous photo"
        >
          <LuChevronLeft className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => embla?.scrollNext(prefersReducedMotion())}
          className="btn btn-circle btn-sm pointer-events-auto border-0 bg-base-100/80 shadow backdrop-blur hover:bg-base-100"
          aria-label="Next photo"
        >
          <LuChevronRight className="size-4" aria-hidden="true" />
        </button>
      </div>

      <div className="absolute inset-x-0 bottom-2 flex items-center justify-center">
        {slides.map((slide, index) => (
          // A 24 × 24 px target around a small dot (WCAG 2.2 target size), side by side.
          <button
            key={slide.id}
            type="button"
            onClick={() => embla?.scrollTo(index, prefersReducedMotion())}
            aria-label={`Show photo ${index + 1}`}
            aria-current={index === selected}
            className="group flex h-6 min-w-6 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full shadow transition-all ${
                index === selected
                  ? 'w-5 bg-base-100'
                  : 'w-2 bg-base-100/55 group-hover:bg-base-100/80'
              }`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={togglePaused}
          aria-label={paused ? 'Play the slideshow' : 'Pause the slideshow'}
          className="btn btn-circle btn-xs ml-2 border-0 bg-base-100/80 shadow hover:bg-base-100"
        >
          {paused ? <LuPlay aria-hidden="true" /> : <LuPause aria-hidden="true" />}
        </button>
      </div>
    </section>
  );
}
