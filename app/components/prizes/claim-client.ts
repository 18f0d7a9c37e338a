import { toast } from "~/components/ui/toast";
import type { ClaimResult } from "./claim-result";

const CONNECTION_ERROR = "Error de conexión. Por favor, inténtalo de nuevo.";

/**
 * The JavaScript path of the claim: POST /api/qr/claim/{code} and toast the
 * outcome. A claim that went through, or that someone else made first, comes back as a ClaimResult for
 * the page to show; any other failure as the message the form shows.
 */
export async function submitClaim(code: string, values: Record<string, string>): Promise<ClaimResult | string> {
  try {
    const response = await fetch(`/api/qr/claim/${encodeURIComponent(code)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(values),
    });
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      error?: string;
      claimedAt?: string;
      alreadyClaimed?: boolean;
      claimedByInitial?: string;
    };
    if (response.ok) {
      toast({
        title: "¡Felicitaciones!",
        description: "Nuestro equipo se va a comunicar con vos dentro de las 24-48 horas.",
      });
      return { ok: true, message: body.message ?? "", claimedAt: body.claimedAt ?? new Date().toISOString() };
    }
    if (body.alreadyClaimed) {
      toast({ title: "Premio ya reclamado", description: body.message, variant: "destructive" });
      return {
        ok: false,
        alreadyClaimed: true,
        claimedAt: body.claimedAt ?? null,
        claimedByInitial: body.claimedByInitial ?? null,
        error: body.error ?? "",
      };
    }
    return body.error ?? CONNECTION_ERROR;
  } catch {
    return CONNECTION_ERROR;
  }
}
