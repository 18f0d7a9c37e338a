/**
 * The site's scrolling rules (storefront spec §2, §9): sections sit 80 px below the top (the sticky
 * header), a section scroll takes 1200 ms, back-to-top 800 ms, and an anchor clicked on another page
 * first goes to / and scrolls about 100 ms after arriving. Honours prefers-reduced-motion (jumps).
 */
export const SECTION_OFFSET_PX = 80;
export const SECTION_SCROLL_MS = 1200;
export const TOP_SCROLL_MS = 800;
export const ANCHOR_SCROLL_DELAY_MS = 100;
/** The header turns compact once the page has scrolled this far. */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

/** The home's sections an anchor may point to. */
export const HOME_SECTIONS = [
  "new",
  "pedidos",
  "newsletter",
  "contact",
  "about",
  "store",
  "envios",
  "box",
  "rizoma-box",
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export function isHomeSection(id: string): id is HomeSection {
  return (HOME_SECTIONS as readonly string[]).includes(id);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

let running: number | null = null;

/**
 * Scrolls the window to `top` in `duration` ms (cancels a scroll still running). `top` may be a function:
 * it is read again on every frame, so content that settles during the scroll (sections hydrating, fonts)
 * does not leave the page short of where it was going.
 */
export function smoothScrollTo(top: number | (() => number), duration: number): void {
  if (running !== null) cancelAnimationFrame(running);
  const targetNow = () =>
    Math.max(
      0,
      Math.min(typeof top === "function" ? top() : top, document.documentElement.scrollHeight - window.innerHeight),
    );
  const start = window.scrollY;
  if (prefersReducedMotion() || duration <= 0 || Math.abs(targetNow() - start) < 1) {
    window.scrollTo(0, targetNow());
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / duration);
    window.scrollTo(0, start + (targetNow() - start) * easeInOutCubic(progress));
    running = progress < 1 ? requestAnimationFrame(step) : null;
  };
  running = requestAnimationFrame(step);
}

/** Scrolls to a section of the current page, 80 px below the top; false when it is not on the page. */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  smoothScrollTo(() => element.getBoundingClientRect().top + window.scrollY - SECTION_OFFSET_PX, SECTION_SCROLL_MS);
  // Keyboard and screen-reader users land where they asked to go.
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
  return true;
}

export function scrollToTop(): void {
  smoothScrollTo(0, TOP_SCROLL_MS);
}
