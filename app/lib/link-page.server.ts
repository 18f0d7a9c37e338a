import { data } from "react-router";
import { DomainError } from "~/domain/errors";

/**
 * The loader or action of a page an e-mailed link opens (the "baja" pages): what `work` answers, or, when
 * the link is refused (a DomainError: forged, spent), the page's "invalid" state with its Spanish reason.
 */
export async function linkPage<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return data({ state: "invalid" as const, error: error.message }, { status: 400 });
    throw error;
  }
}
