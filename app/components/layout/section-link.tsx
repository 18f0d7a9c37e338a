import type { MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { type HomeSection, scrollToSection } from "~/lib/scroll";

/** State a section link leaves for the home, which scrolls there once it has rendered. */
export interface SectionNavigationState {
  section?: HomeSection;
}

/**
 * A link to a section of the home ("/#pedidos"). Without JavaScript it is a plain link. With it: on the
 * home it scrolls smoothly (80 px offset, 1200 ms); elsewhere it goes to / first and the home scrolls
 * about 100 ms later (see useSectionScrollOnArrival).
 */
export function SectionLink({
  section,
  className,
  children,
  onNavigate,
}: {
  section: HomeSection;
  className?: string;
  children: ReactNode;
  /** Called after the click was handled (menus close themselves with it). */
  onNavigate?: () => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate?.();
    if (location.pathname === "/" && scrollToSection(section)) {
      window.history.replaceState(window.history.state, "", `#${section}`);
      return;
    }
    navigate("/", { state: { section } satisfies SectionNavigationState });
  };
  return (
    <a href={`/#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
