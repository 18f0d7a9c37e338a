/** The newsletter call of spec §7 and the messages of §8, shared by the sign-up forms. */

export interface SubscribeInput {
  email: string;
  name?: string;
  interests?: string[];
  source?: string;
}

export type SubscribeOutcome =
  | { ok: true; title: string; description: string }
  | { ok: false; title: string; description: string };

/** Posts the sign-up; never throws: every outcome is the toast the spec asks for. */
export async function subscribe(input: SubscribeInput): Promise<SubscribeOutcome> {
  try {
    const response = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(input),
    });
    const body = (await response.json().catch(() => null)) as {
      success?: boolean;
      message?: string;
      error?: string;
    } | null;
    if (body && typeof body.success === "boolean") {
      if (body.success) {
        return {
          ok: true,
          title: "¡Suscripción exitosa!",
          description: body.message || "Gracias por suscribirte a nuestro newsletter",
        };
      }
      return {
        ok: false,
        title: "Error",
        description: body.message || body.error || "Error al procesar la suscripción",
      };
    }
    throw new Error(`${response.status}: ${response.statusText}`);
  } catch (error) {
    console.warn("No se pudo suscribir", error);
    return { ok: false, title: "Error", description: "Error al procesar la suscripción. Inténtalo de nuevo." };
  }
}
