import { toast } from "~/components/ui/toast";
import { firstProblem, subscribeBodyFromForm } from "~/domain/box/form";

export const SUBSCRIBE_FALLBACK = "Hubo un problema al crear la suscripción";
export const NETWORK_ERROR = "Error de conexión. Inténtalo de nuevo.";

/**
 * The JavaScript path of the form (spec §8): check in the spec's order, POST /api/caja/subscribe, then go
 * to the payment link. Each failure is a toast titled 'Error'. Returns the message shown, or null on success.
 * Takes the form's data as read when it was submitted: while it is sent its fields are disabled, and a
 * disabled field is not in a FormData.
 */
export async function submitSubscription(form: FormData): Promise<string | null> {
  const body = subscribeBodyFromForm(form);
  const problem = firstProblem({
    firstName: String(body.firstName),
    lastName: String(body.lastName),
    email: String(body.email),
    whatsapp: String(body.whatsapp),
    deliveryMethod: body.deliveryMethod === "pickup" ? "pickup" : "delivery",
    address: String(body.address),
    city: String(body.city),
    acceptTerms: body.acceptTerms === true,
  });
  const fail = (message: string) => {
    toast({ title: "Error", description: message, variant: "destructive" });
    return message;
  };
  if (problem) return fail(problem);
  let response: Response;
  try {
    response = await fetch("/api/caja/subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return fail(NETWORK_ERROR);
  }
  const answer = (await response.json().catch(() => ({}))) as {
    success?: boolean;
    init_point?: string;
    error?: string;
  };
  if (!answer.success || !answer.init_point) return fail(answer.error || SUBSCRIBE_FALLBACK);
  window.location.assign(answer.init_point);
  return null;
}
