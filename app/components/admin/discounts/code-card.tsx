import { type FormEvent, type MouseEvent, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import type { DiscountDisplayStatus } from "~/domain/discounts/rules";
import { shortDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { sendJson } from "~/lib/send-json";
import { CONFIRM_DELETE, done, FAILED, failureMessage, DISCOUNTS_PAGE as PAGE } from "./messages";
import type { PageCode } from "./page-code";

const STATUS: Record<DiscountDisplayStatus, { label: string; className: string }> = {
  inactive: { label: "Inactivo", className: "bg-ink/10 text-ink" },
  expired: { label: "Vencido", className: "bg-red-100 text-red-900" },
  exhausted: { label: "Agotado", className: "bg-yellow-100 text-yellow-900" },
  active: { label: "Activo", className: "bg-green-100 text-green-900" },
};

/**
 * One code with its terms and its actions. Toggle and delete are plain forms and links (they work
 * without JavaScript); with JavaScript they call the JSON API, say so in a toast and reload the list.
 */
export function CodeCard({ code }: { code: PageCode }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const status = STATUS[code.status];
  const used = code.usedCount > 0;
  const name = <span className="sr-only"> {code.code}</span>;

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await sendJson(`/api/discount-codes/${code.id}`, "PUT", { active: !code.active });
    setBusy(false);
    if (result.ok) {
      toast({ title: done[code.active ? "desactivado" : "activado"](code.code).title });
      await revalidator.revalidate();
    } else {
      toast({ title: FAILED.toggle, description: failureMessage(result), variant: "destructive" });
    }
  }

  async function remove(event: MouseEvent) {
    event.preventDefault();
    if (!window.confirm(CONFIRM_DELETE)) return;
    setBusy(true);
    const result = await sendJson(`/api/discount-codes/${code.id}`, "DELETE");
    setBusy(false);
    if (result.ok) {
      toast({ title: "Código eliminado", description: done.eliminado(code.code).message });
      await revalidator.revalidate();
    } else {
      toast({ title: FAILED.delete, description: failureMessage(result), variant: "destructive" });
    }
  }

  const button = "rounded-md border px-3 py-1.5 text-sm font-semibold";
  return (
    <li className="flex flex-col rounded-xl bg-white p-4 ring-1 ring-ink/10" data-testid={`codigo-${code.code}`}>
      <div className="flex items-start justify-between gap-3">
        <p className="font-mono text-lg font-bold break-all">{code.code}</p>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${status.className}`}>
          {status.label}
        </span>
      </div>
      {code.description ? <p className="mt-1 text-sm break-words">{code.description}</p> : null}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink/75">Descuento</dt>
        <dd className="font-semibold">
          {code.discountPercentage !== null
            ? `${code.discountPercentage} %`
            : formatMoney(code.discountAmountCents ?? 0)}
        </dd>
        <dt className="text-ink/75">Compra mínima</dt>
        <dd>{code.minimumAmountCents > 0 ? formatMoney(code.minimumAmountCents) : "Sin mínimo"}</dd>
        <dt className="text-ink/75">Usos</dt>
        <dd>
          {code.maxUses === null
            ? `${code.usedCount.toLocaleString("es-AR")} (sin límite)`
            : `${code.usedCount.toLocaleString("es-AR")} de ${code.maxUses.toLocaleString("es-AR")}`}
        </dd>
        <dt className="text-ink/75">Vence</dt>
        <dd>{code.validUntil ? shortDate(code.validUntil) : "Sin vencimiento"}</dd>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-ink/10 pt-3">
        <Link
          to={`${PAGE}?editar=${code.id}`}
          preventScrollReset
          className={`${button} border-moss text-moss hover:bg-moss/10`}
        >
          Editar{name}
        </Link>
        <form method="post" action={PAGE} onSubmit={toggle}>
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="id" value={code.id} />
          <input type="hidden" name="active" value={String(!code.active)} />
          <button
            type="submit"
            disabled={busy}
            className={`${button} border-ink/30 hover:bg-ink/5 disabled:opacity-70`}
          >
            {code.active ? "Desactivar" : "Activar"}
            {name}
          </button>
        </form>
        {used ? (
          <button
            type="button"
            disabled
            aria-describedby={`usado-${code.id}`}
            className={`${button} cursor-not-allowed border-ink/20 text-ink/60`}
          >
            Eliminar{name}
          </button>
        ) : (
          <Link
            to={`${PAGE}?eliminar=${code.id}`}
            preventScrollReset
            onClick={busy ? (event) => event.preventDefault() : remove}
            className={`${button} border-terracotta text-terracotta hover:bg-terracotta/10`}
          >
            Eliminar{name}
          </Link>
        )}
      </div>
      {used ? (
        <p id={`usado-${code.id}`} className="mt-2 text-xs text-ink/75">
          Ya se usó: no se puede eliminar. Desactivalo para que no se use más.
        </p>
      ) : null}
    </li>
  );
}
