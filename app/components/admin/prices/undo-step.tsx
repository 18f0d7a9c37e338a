import { Form, Link, useNavigation } from "react-router";
import type { UndoPlan } from "~/domain/catalog/price-history.server";
import { booksText } from "~/domain/catalog/price-rules";
import { mediumDateTime } from "~/lib/dates";
import { PRICES_PAGE } from "./prices-page";

/** The confirmation "Deshacer" leads to (`?deshacer=ID`), with how many books go back and how many stay. */
export function UndoStep({ plan }: { plan: UndoPlan }) {
  const busy = useNavigation().state !== "idle";
  const { update, restorable, changedSince } = plan;
  return (
    <section
      id="deshacer"
      aria-labelledby="undo-title"
      className="scroll-mt-4 space-y-3 rounded-xl border border-terracotta/40 bg-white p-5"
    >
      <h2 id="undo-title" className="font-serif text-2xl">
        ¿Deshacer la última actualización?
      </h2>
      <p className="rounded-md bg-paper p-3 text-sm">
        <span className="font-semibold">{update.description}</span>
        <span className="block">
          {mediumDateTime(update.createdAt)} · {update.adminEmail} · {booksText(update.bookCount)}
        </span>
      </p>
      <p>
        {restorable === 0
          ? "Ningún libro vuelve a su precio anterior: todos cambiaron después."
          : `${booksText(restorable)} ${restorable === 1 ? "vuelve" : "vuelven"} a su precio anterior.`}
        {changedSince > 0
          ? ` ${booksText(changedSince)} ${changedSince === 1 ? "cambió" : "cambiaron"} después y no se ${changedSince === 1 ? "toca" : "tocan"}.`
          : ""}
      </p>
      <p className="text-sm text-ink/75">Queda en el historial como «Deshecha». Se puede deshacer una sola vez.</p>
      <Form method="post" action={PRICES_PAGE} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="id" value={update.id} />
        <button
          type="submit"
          name="intent"
          value="undo"
          disabled={busy}
          className="rounded-full bg-terracotta px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-70"
        >
          Sí, deshacer
        </button>
        <Link to={PRICES_PAGE} className="text-sm font-semibold text-moss underline">
          Cancelar
        </Link>
      </Form>
    </section>
  );
}
