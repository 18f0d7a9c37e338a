import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { X } from "~/components/ui/icons/x";

/**
 * Toasts as the spec sets them (§9): one at a time, shown 5000 ms, container at most 420 px wide, dismissed
 * by the close button or a horizontal swipe of 50 px or more (finger, pen or mouse).
 * `toast()` can be called from any event handler; <Toaster /> (in the root layout) shows the current one.
 * Errors are announced assertively, the rest politely.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Display time in ms (default 5000). */
  duration?: number;
}

interface ToastState extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen (at most one at a time). */
export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Follows a horizontal drag of the toast (pointer events cover touch, pen and mouse): the toast moves with
 * it, and letting go at 50 px or more either way dismisses it; less, it slides back.
 */
function useSwipeToDismiss() {
  const start = useRef<{ pointerId: number; x: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const end = (event: PointerEvent<HTMLElement>, dismiss: boolean) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    start.current = null;
    setOffset(0);
    if (dismiss && Math.abs(dx) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast();
  };
  return {
    offset,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        // The close button keeps its own click; only the primary button or a touch starts a swipe.
        if (!event.isPrimary || event.button !== 0 || (event.target as Element).closest("button")) return;
        start.current = { pointerId: event.pointerId, x: event.clientX };
        // The toast keeps following a finger that slides off it.
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (start.current?.pointerId === event.pointerId) setOffset(event.clientX - start.current.x);
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, true),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, false),
    },
  };
}

export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const swipe = useSwipeToDismiss();

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(dismissToast, shown.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const destructive = shown?.variant === "destructive";
  return (
    <>
      {/* Both live regions always exist (without a role, so pages keep their own alerts and statuses), and
          screen readers announce what appears in them. */}
      <div aria-live="polite" className="sr-only">
        {shown && !destructive ? `${shown.title}. ${shown.description ?? ""}` : ""}
      </div>
      <div aria-live="assertive" className="sr-only">
        {shown && destructive ? `${shown.title}. ${shown.description ?? ""}` : ""}
      </div>
      {shown ? (
        <section
          aria-label="Avisos"
          className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
        >
          <div
            data-testid="toast"
            {...swipe.handlers}
            style={
              swipe.offset
                ? {
                    transform: `translateX(${swipe.offset}px)`,
                    opacity: 1 - Math.min(Math.abs(swipe.offset) / 200, 0.6),
                  }
                : undefined
            }
            className={`pointer-events-auto flex w-full touch-pan-y select-none max-w-[420px] items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? "border-terracotta-dark bg-terracotta-dark text-white" : "border-ink/10 bg-white text-ink"
            }`}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{shown.title}</p>
              {shown.description ? (
                <p className={`mt-1 text-sm ${destructive ? "text-white/90" : "text-ink/80"}`}>{shown.description}</p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={dismissToast}
              className="-m-1 rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
              aria-label="Cerrar aviso"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        </section>
      ) : null}
    </>
  );
}
