import { useEffect, useState } from "react";
import { Form } from "react-router";

/**
 * "Compartir mi lista": makes the read-only link, shows it in a read-only field anyone can select and copy
 * (no JavaScript needed), adds a copy button once the page runs JavaScript, and "Dejar de compartir",
 * after which the old link is a 404 and sharing again makes a new one.
 */
export function ShareWishlist({ shareUrl }: { shareUrl: string | null }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);

  return (
    <section
      id="compartir"
      aria-labelledby="compartir-titulo"
      className="mt-10 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/10 sm:p-6"
    >
      <h2 id="compartir-titulo" className="font-serif text-2xl text-ink">
        Compartir mi lista
      </h2>
      {shareUrl ? (
        <>
          <p className="mt-2 max-w-prose text-ink/80">
            Quien tenga este enlace ve tu lista (sin poder cambiarla). No muestra tu email; si cargaste tu nombre en Mis
            datos, aparece tu nombre de pila.
          </p>
          <label htmlFor="enlace-lista" className="mt-4 block text-sm font-semibold text-ink">
            Enlace de tu lista
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id="enlace-lista"
              type="text"
              readOnly
              value={shareUrl}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-ink/25 bg-paper px-3 py-2 font-mono text-sm text-ink"
            />
            {canCopy ? (
              <button
                type="button"
                onClick={() =>
                  navigator.clipboard.writeText(shareUrl).then(
                    () => setCopied("yes"),
                    () => setCopied("no"),
                  )
                }
                className="rounded-full bg-moss px-5 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
              >
                Copiar enlace
              </button>
            ) : null}
          </div>
          <p role="status" className="mt-2 min-h-5 text-sm text-ink/80">
            {copied === "yes"
              ? "¡Copiado! Ya podés pegarlo donde quieras."
              : copied === "no"
                ? "No pudimos copiarlo: seleccioná el enlace y copialo a mano."
                : ""}
          </p>
          <Form method="post" action="/cuenta/quiero-leer" className="mt-2">
            <button
              type="submit"
              name="intent"
              value="unshare"
              className="text-sm font-semibold text-terracotta-dark underline"
            >
              Dejar de compartir
            </button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-2 max-w-prose text-ink/80">
            Armá un enlace para que otras personas vean tu lista, por ejemplo para que sepan qué regalarte. Solo ven los
            libros: nunca tu email.
          </p>
          <Form method="post" action="/cuenta/quiero-leer" className="mt-4">
            <button
              type="submit"
              name="intent"
              value="share"
              className="rounded-full bg-moss px-5 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
            >
              Crear enlace para compartir
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
