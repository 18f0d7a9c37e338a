import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type CatalogBook, type SearchableBook, searchIndex } from "~/domain/sales/lookup";

export const CATALOGUE_API = "/api/admin/ventas/catalogo";

export const catalogueUrl = (fairId: number | null) => (fairId ? `${CATALOGUE_API}?fairId=${fairId}` : CATALOGUE_API);

export interface Catalog {
  status: "loading" | "ready" | "error";
  books: CatalogBook[];
  index: SearchableBook[];
  /** When the server made the snapshot (ISO). */
  generatedAt: string | null;
  /** Answered by the service worker's stored copy, not by the server (no signal, or the session ended). */
  stored: boolean;
  error: string | null;
  /** Asks the server again (after a sync, or when the service worker takes over). */
  refresh(): void;
}

/**
 * The catalogue snapshot the page sells from: the shop's, or a fair's table. Searched in the phone; the
 * service worker keeps the last one, so it also loads with no signal (docs/decisions/0048).
 */
export function useCatalog(fairId: number | null): Catalog {
  const [state, setState] = useState<Omit<Catalog, "refresh" | "index"> & { fairId: number | null }>({
    fairId,
    status: "loading",
    books: [],
    generatedAt: null,
    stored: false,
    error: null,
  });
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    let next: Omit<Catalog, "refresh" | "index"> & { fairId: number | null };
    try {
      const response = await fetch(catalogueUrl(fairId), { headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as {
        books?: CatalogBook[];
        generatedAt?: string;
        error?: string;
      } | null;
      next =
        response.ok && body?.books
          ? {
              fairId,
              status: "ready",
              books: body.books,
              generatedAt: body.generatedAt ?? null,
              stored: response.headers.get("x-venta-cache") === "hit",
              error: null,
            }
          : {
              fairId,
              status: "error",
              books: [],
              generatedAt: null,
              stored: false,
              error:
                response.status === 401
                  ? "Tu sesión terminó: iniciá sesión de nuevo para descargar el catálogo"
                  : (body?.error ?? "No se pudo cargar el catálogo"),
            };
    } catch {
      next = {
        fairId,
        status: "error",
        books: [],
        generatedAt: null,
        stored: false,
        error: "Sin conexión y sin catálogo guardado: abrí la página de venta una vez con señal para descargarlo",
      };
    }
    if (call !== latest.current) return;
    // A failed refresh keeps the same place's books on screen: the seller goes on selling from them.
    setState((current) =>
      next.status === "error" && current.status === "ready" && current.fairId === fairId ? current : next,
    );
  }, [fairId]);

  useEffect(() => {
    setState((current) => (current.fairId === fairId ? current : { ...current, fairId, status: "loading", books: [] }));
    void load();
  }, [fairId, load]);

  const index = useMemo(() => searchIndex(state.books), [state.books]);
  return { ...state, index, refresh: () => void load() };
}
