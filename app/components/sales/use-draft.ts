import { useEffect, useState } from "react";
import { emptyDraft, type SaleDraft } from "~/domain/sales/cart";

const KEY = "rizoma-venta-borrador";

interface Stored {
  draft: SaleDraft;
  fairId: number | null;
}

/**
 * The sale being made and where it is made, kept in the phone (localStorage) so a reload, or the page loaded
 * again from the service worker, finds the same cart. Read after hydration: the server renders an empty one.
 * A fair no longer open (not in `openFairs`) falls back to the counter.
 */
export function useDraft(openFairs: readonly { id: number }[]) {
  const [draft, setDraft] = useState<SaleDraft>(emptyDraft());
  const [fairId, setFairId] = useState<number | null>(null);
  const [restored, setRestored] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page starts.
  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(KEY) ?? "null") as Stored | null;
      if (stored?.draft && Array.isArray(stored.draft.lines)) {
        setDraft({ ...emptyDraft(), ...stored.draft });
        if (stored.fairId && openFairs.some((fair) => fair.id === stored.fairId)) setFairId(stored.fairId);
      }
    } catch {
      // A draft this version cannot read is dropped: the seller starts an empty sale.
    }
    setRestored(true);
  }, []);

  useEffect(() => {
    if (!restored) return;
    try {
      localStorage.setItem(KEY, JSON.stringify({ draft, fairId } satisfies Stored));
    } catch {
      // Storage full or refused: the draft lives in this page only.
    }
  }, [draft, fairId, restored]);

  return { draft, setDraft, fairId, setFairId };
}
