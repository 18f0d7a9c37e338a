import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeft } from "~/components/ui/icons/chevron-left";
import { ChevronRight } from "~/components/ui/icons/chevron-right";
import { Pause } from "~/components/ui/icons/pause";
import { Play } from "~/components/ui/icons/play";

/** Storefront spec §4/§9: the home carousel advances every 6 s. */
export const CAROUSEL_INTERVAL_MS = 6000;

export interface Slide {
  key: string;
  /** Names the slide for screen readers and its dot ("Ir a: …"). */
  label: string;
  content: ReactNode;
}

/**
 * The home's auto-advancing carousel (spec §2, §4): every 6 s, wrapping both ways; manual navigation
 * restarts the wait; one slide never moves. It also pauses while hovered or focused, has a pause
 * button (WCAG 2.2.2), and does not auto-advance or animate under prefers-reduced-motion.
 * `slides` null is the loading state (spinner); an empty list says 'No hay contenido disponible'.
 */
export function Carousel({ slides, label }: { slides: Slide[] | null; label: string }) {
  const [index, setIndex] = useState(0);
  // Bumped on every manual move, so the timer restarts even when the index does not change.
  const [moves, setMoves] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // Marks the hydrated carousel (tests wait for it before driving it).
  const [hydrated, setHydrated] = useState(false);
  const root = useRef<HTMLElement>(null);
  const count = slides?.length ?? 0;

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    setHydrated(true);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const autoPlaying = count > 1 && !stopped && !reducedMotion;
  const paused = hovered || focused;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `moves` restarts the wait after a manual move.
  useEffect(() => {
    if (!autoPlaying || paused) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [autoPlaying, paused, count, index, moves]);

  const goTo = useCallback(
    (next: number) => {
      if (count === 0) return;
      setIndex(((next % count) + count) % count);
      setMoves((m) => m + 1);
    },
    [count],
  );

  if (slides === null) {
    return (
      <section aria-label={label} className="flex min-h-[28rem] items-center justify-center bg-moss text-white">
        <div role="status" className="flex flex-col items-center gap-3">
          <span
            aria-hidden="true"
            data-testid="carousel-spinner"
            className="size-10 rounded-full border-4 border-white/30 border-t-white motion-safe:animate-spin"
          />
          <span className="text-sm">Cargando…</span>
        </div>
      </section>
    );
  }
  if (count === 0) {
    return (
      <section aria-label={label} className="flex min-h-[20rem] items-center justify-center bg-moss px-4 text-white">
        <p className="font-serif text-xl">No hay contenido disponible</p>
      </section>
    );
  }

  const current = Math.min(index, count - 1);
  const button =
    "flex size-11 shrink-0 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white focus-visible:outline-ochre-light";
  return (
    <section
      ref={root}
      aria-roledescription="carrusel"
      aria-label={label}
      data-testid="carousel"
      data-index={current}
      data-hydrated={hydrated ? "true" : undefined}
      data-playing={autoPlaying && !paused ? "true" : "false"}
      className="relative overflow-hidden bg-moss-dark text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget && (event.target as HTMLElement).closest("input, textarea, select"))
          return;
        if (event.key === "ArrowLeft") goTo(current - 1);
        if (event.key === "ArrowRight") goTo(current + 1);
      }}
    >
      <div className="grid" aria-live={autoPlaying && !paused ? "off" : "polite"}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide as a group.
          <div
            key={slide.key}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${count}: ${slide.label}`}
            data-testid="carousel-slide"
            aria-hidden={i !== current ? true : undefined}
            inert={i !== current}
            className={`slide ${i === current ? "visible opacity-100" : "invisible opacity-0"}`}
          >
            {slide.content}
          </div>
        ))}
      </div>

      {count > 1 ? (
        // On a phone the dots take a row of their own above the buttons: every dot keeps a 24 px target.
        <div className="absolute inset-x-0 bottom-4 z-10 flex flex-wrap items-center justify-center gap-2 px-2 sm:flex-nowrap sm:gap-3">
          <button type="button" className={button} aria-label="Anterior" onClick={() => goTo(current - 1)}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <ol
            className="flex items-center justify-center max-sm:order-first max-sm:basis-full sm:gap-1"
            aria-label="Elegir diapositiva"
          >
            {slides.map((slide, i) => (
              <li key={slide.key}>
                <button
                  type="button"
                  aria-label={`Ir a la diapositiva ${i + 1}: ${slide.label}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => goTo(i)}
                  className="group flex size-6 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2 rounded-full transition-all ${
                      i === current ? "w-4 bg-ochre-light sm:w-6" : "w-2 bg-white/60 group-hover:bg-white"
                    }`}
                  />
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className={button} aria-label="Siguiente" onClick={() => goTo(current + 1)}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          {!reducedMotion ? (
            <button
              type="button"
              className={button}
              aria-label={stopped ? "Reanudar el carrusel" : "Pausar el carrusel"}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? (
                <Play aria-hidden="true" className="size-4" />
              ) : (
                <Pause aria-hidden="true" className="size-4" />
              )}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
