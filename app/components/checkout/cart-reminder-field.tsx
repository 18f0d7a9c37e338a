import { useEffect, useRef, useState } from "react";
import { isEmail, normalizeEmail } from "~/lib/email";

/** How long the cart and email must stay still before the browser saves them (one request per pause). */
const DEBOUNCE_MS = 800;

type Status = { kind: "idle" } | { kind: "saved" } | { kind: "error"; message: string };

async function send(method: "POST" | "DELETE", body: unknown): Promise<string | null> {
  try {
    const response = await fetch("/api/cuenta/recordatorio", {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (response.ok) return null;
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    return answer.error ?? "No pudimos guardar tu carrito. Probá de nuevo en un rato.";
  } catch {
    return "No pudimos guardar tu carrito: revisá tu conexión.";
  }
}

/**
 * "Recordame mi carrito", beside the checkout's email. Unticked by default: nothing is stored without the
 * tick (the consent). Ticked with a valid email, the browser saves the cart's lines (ids and quantities)
 * with POST /api/cuenta/recordatorio, again after each change of cart or email (debounced); unticking, or
 * changing the email, cancels the saved one (DELETE). The form sending the order stops any save still
 * waiting. Without JavaScript the box does nothing: an abandoned checkout cannot be seen without script
 * (the cart lives in the browser), and the checkout itself needs JavaScript (decision 0011).
 */
export function CartReminderField({ items, hours }: { items: { id: number; quantity: number }[]; hours: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [ticked, setTicked] = useState(false);
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  /** The address the server holds an open reminder for (from this page), to cancel it when it changes. */
  const saved = useRef<string | null>(null);
  const placing = useRef(false);
  const lines = JSON.stringify(items.map(({ id, quantity }) => ({ bookId: id, quantity })));

  // The email field is the form's own (uncontrolled): follow what is typed in it.
  useEffect(() => {
    const form = box.current?.closest("form");
    const field = form?.elements.namedItem("email");
    if (!form || !(field instanceof HTMLInputElement)) return;
    const follow = () => setEmail(normalizeEmail(field.value));
    const submitting = () => {
      placing.current = true;
    };
    follow();
    field.addEventListener("input", follow);
    form.addEventListener("submit", submitting, { capture: true });
    return () => {
      field.removeEventListener("input", follow);
      form.removeEventListener("submit", submitting, { capture: true });
    };
  }, []);

  useEffect(() => {
    const valid = isEmail(email);
    const timer = setTimeout(async () => {
      if (placing.current) return;
      const previous = saved.current;
      if (previous && (!ticked || previous !== email)) {
        saved.current = null;
        await send("DELETE", { email: previous });
        if (!ticked) setStatus({ kind: "idle" });
      }
      if (!ticked || !valid || placing.current) return;
      const error = await send("POST", { email, items: JSON.parse(lines) });
      if (error) {
        setStatus({ kind: "error", message: error });
        return;
      }
      saved.current = email;
      setStatus({ kind: "saved" });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [ticked, email, lines]);

  return (
    <div ref={box} className="rounded-lg bg-cream/60 p-3">
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="rememberCart"
          checked={ticked}
          onChange={(event) => setTicked(event.target.checked)}
          aria-describedby="recordatorio-ayuda"
          className="mt-1 h-4 w-4 accent-moss"
        />
        <span>
          <span className="block text-sm font-semibold text-ink">Recordame mi carrito</span>
          <span id="recordatorio-ayuda" className="block text-sm text-ink/75">
            Si no terminás la compra, te mandamos un solo correo con tu carrito en {hours} horas.
          </span>
        </span>
      </label>
      <p aria-live="polite" className="mt-1 text-sm" data-testid="cart-reminder-status">
        {ticked && status.kind === "saved" ? (
          <span className="text-moss-dark">Listo: guardamos tu carrito para recordártelo.</span>
        ) : ticked && status.kind === "error" ? (
          <span className="text-terracotta-dark">{status.message}</span>
        ) : ticked && !isEmail(email) ? (
          <span className="text-ink/75">Escribí tu email arriba para que podamos recordártelo.</span>
        ) : null}
      </p>
    </div>
  );
}
