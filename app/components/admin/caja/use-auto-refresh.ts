import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Refetches the page's data every `ms` while the browser tab is visible (a hidden tab does not load the
 * server); returns the revalidator, for refetching at once after a change.
 */
export function useAutoRefresh(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    }, ms);
    return () => clearInterval(timer);
  }, [revalidator, ms]);
  return revalidator;
}
