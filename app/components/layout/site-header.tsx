import { type MouseEvent, type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ExternalLink } from "~/components/ui/icons/external-link";
import { Menu } from "~/components/ui/icons/menu";
import { Search } from "~/components/ui/icons/search";
import { X } from "~/components/ui/icons/x";
import { closedAtFirstPaint } from "~/lib/critical-css";
import { HEADER_SCROLL_THRESHOLD_PX, type HomeSection, scrollToTop } from "~/lib/scroll";
import { HeaderSearch } from "./header-search";
import { SectionLink } from "./section-link";

export const topBarLinks = [
  { to: "/tienda", label: "TIENDA" },
  { to: "/caja-rizoma", label: "CAJA RIZOMA" },
  { to: "/sobre-nosotros", label: "SOBRE NOSOTROS" },
  { to: "/audiolibros", label: "AUDIOLIBROS" },
] as const;

/** The home's anchors in the header (spec §2). */
export const homeAnchors: readonly { section: HomeSection; label: string }[] = [
  { section: "new", label: "NOVEDADES" },
  { section: "pedidos", label: "PEDIDOS ESPECIALES" },
  { section: "newsletter", label: "NEWSLETTER" },
  { section: "contact", label: "CONTACTO" },
];

/** The two buttons consumer law wants at first sight (Disposición 954/2025), where the footer also has them. */
export const consumerButtons = [
  { to: "/arrepentimiento", label: "Botón de arrepentimiento" },
  { to: "/caja-rizoma/baja", label: "Botón de baja" },
] as const;

// min-h-6: a 24 px tap target (WCAG 2.5.8) inside the 28 px bar.
// Named groups of utilities (app/styles/shop.css): the header is on every storefront page.
const consumerButtonClass = "header-legal-link";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "header-nav-link text-ochre-light underline underline-offset-8" : "header-nav-link";

/**
 * IR A TIENDA (spec §2): the external store's home, in a new tab. On wide screens it closes the row of
 * home anchors (the main row has no room for it beside the search between md and xl); on phones it is
 * the last item of the menu.
 */
function StoreButton({ url, className }: { url: string; className: string }) {
  return (
    <a href={url} target="_blank" rel="noopener" className={className}>
      IR A TIENDA
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/** True once the page has scrolled past the header threshold (50 px). */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/**
 * The shop header. Past 50 px of scroll it turns darker, with a shadow and a smaller logo; its height
 * never changes, so nothing below it jumps (and section offsets stay right). `actions` is the spot for buttons at the right end (the cart button goes there);
 * it stays visible on every width.
 * The mobile search and menu are <details>, so they open without JavaScript too. `storeUrl`: the
 * external store for IR A TIENDA (none, no button).
 */
export function SiteHeader({ actions, storeUrl = null }: { actions?: ReactNode; storeUrl?: string | null }) {
  const location = useLocation();
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [panel, setPanel] = useState<"search" | "menu" | null>(null);
  // Marks the hydrated header (tests wait for it before typing in the search).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // A navigation closes the mobile panels.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation.
  useEffect(() => setPanel(null), [location.key]);

  const onLogo = (event: MouseEvent<HTMLAnchorElement>) => {
    setPanel(null);
    if (location.pathname !== "/" || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    scrollToTop();
  };
  const toggle = (which: "search" | "menu") => (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const isOpen = event.currentTarget.open;
    setPanel((current) => (isOpen ? which : current === which ? null : current));
  };

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      data-hydrated={hydrated ? "true" : undefined}
      className={`sticky top-0 z-30 text-white transition-[background-color,box-shadow] ${
        scrolled ? "bg-moss-dark/95 shadow-lg backdrop-blur" : "bg-moss"
      }`}
    >
      {/* Disposición 954/2025: the botón de arrepentimiento and the botón de baja are visible at first access on
          every page and width, without opening a menu; from md the home's anchors share their row (a size
          smaller below lg, so the row still fits at 768 px with IR A TIENDA). */}
      <div className="border-b border-white/10">
        <div className="mx-auto flex h-7 max-w-6xl items-center justify-between gap-4 px-4 lg:gap-6">
          <nav aria-label="Arrepentimiento y baja" className="flex shrink-0 gap-3 whitespace-nowrap">
            {consumerButtons.map((button) => (
              <Link key={button.to} to={button.to} className={consumerButtonClass}>
                {button.label}
              </Link>
            ))}
          </nav>
          <nav
            aria-label="Secciones del inicio"
            className="hidden items-center justify-end gap-4 whitespace-nowrap md:flex lg:gap-6"
            data-testid="header-anchors"
          >
            {homeAnchors.map((anchor) => (
              <SectionLink key={anchor.section} section={anchor.section} className="header-anchor">
                {anchor.label}
              </SectionLink>
            ))}
            {storeUrl ? (
              <StoreButton
                url={storeUrl}
                className="inline-flex items-center gap-1.5 rounded-full border border-ochre-light/70 px-3 py-0.5 text-[11px] font-bold text-ochre-light hover:bg-ochre-light hover:text-moss-dark lg:text-xs lg:tracking-wider"
              />
            ) : null}
          </nav>
        </div>
      </div>
      <div className="mx-auto flex h-[52px] max-w-6xl items-center gap-3 px-4">
        <Link
          to="/"
          onClick={onLogo}
          className={`font-serif font-bold tracking-[0.2em] transition-[font-size] ${scrolled ? "text-xl" : "text-2xl"}`}
          aria-label="Rizoma, ir al inicio"
        >
          RIZOMA
        </Link>
        <nav aria-label="Principal" className="ml-6 hidden gap-6 md:flex">
          {topBarLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <HeaderSearch id="header-search" label="Buscar en el sitio" className="ml-auto hidden w-72 lg:block" />
        <div className="ml-auto flex items-center gap-1 lg:ml-0" data-slot="header-actions">
          <details className="lg:hidden" open={panel === "search"} onToggle={toggle("search")}>
            <summary className="header-toggle" aria-label={panel === "search" ? "Cerrar búsqueda" : "Buscar"}>
              {panel === "search" ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Search aria-hidden="true" className="size-6" />
              )}
            </summary>
            <div
              className="absolute inset-x-0 top-full border-b border-white/10 bg-moss px-4 py-3 shadow-lg"
              {...closedAtFirstPaint}
            >
              <HeaderSearch id="mobile-search" label="Buscar en el sitio (móvil)" />
            </div>
          </details>
          {actions}
          <details className="md:hidden" open={panel === "menu"} onToggle={toggle("menu")}>
            <summary className="header-toggle" aria-label={panel === "menu" ? "Cerrar menú" : "Abrir menú"}>
              {panel === "menu" ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Menu aria-hidden="true" className="size-6" />
              )}
            </summary>
            <div
              className="absolute inset-x-0 top-full max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-white/10 bg-moss px-4 pb-4 shadow-lg"
              {...closedAtFirstPaint}
            >
              <nav aria-label="Menú móvil" className="flex flex-col">
                {topBarLinks.map((link) => (
                  <NavLink key={link.to} to={link.to} className={(s) => `${linkClass(s)} header-menu-row`}>
                    {link.label}
                  </NavLink>
                ))}
                {homeAnchors.map((anchor) => (
                  <SectionLink
                    key={anchor.section}
                    section={anchor.section}
                    onNavigate={() => setPanel(null)}
                    className="header-menu-row header-nav-link text-white/85"
                  >
                    {anchor.label}
                  </SectionLink>
                ))}
                {storeUrl ? (
                  <StoreButton
                    url={storeUrl}
                    className="mt-3 inline-flex items-center justify-center gap-2 rounded-full border border-ochre-light py-2.5 text-sm font-bold tracking-wider text-ochre-light hover:bg-ochre-light hover:text-moss-dark"
                  />
                ) : null}
              </nav>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
