import { useState } from "react";
import { toast } from "~/components/ui/toast";
import { type BoxPlanView, periodText } from "~/domain/box/plans";
import { formatMoneyInput } from "~/lib/money";
import { sendJson } from "~/lib/send-json";

/** One plan's price, crossed-out price and "on sale", saved through the plans API. */
export function PlanForm({ plan, onSaved }: { plan: BoxPlanView; onSaved: () => void }) {
  const [saving, setSaving] = useState(false);
  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    const result = await sendJson(`/api/admin/caja/plans/${plan.id}`, "PUT", {
      price: String(form.get("price") ?? ""),
      originalPrice: String(form.get("originalPrice") ?? ""),
      active: form.get("active") === "on",
    });
    setSaving(false);
    if (result.ok) {
      toast({ title: "Listo", description: `Plan ${plan.label} actualizado` });
      onSaved();
    } else {
      toast({ title: "Error", description: result.error ?? "No se pudo guardar el plan", variant: "destructive" });
    }
  }
  const id = (name: string) => `plan-${plan.id}-${name}`;
  return (
    <form onSubmit={save} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-ink/10">
      <h3 className="font-semibold text-ink">
        {plan.label} <span className="font-normal text-ink/75">({periodText(plan.frequencyMonths)})</span>
      </h3>
      <PriceField id={id("price")} name="price" label="Precio (pesos)" value={formatMoneyInput(plan.priceCents)} />
      <PriceField
        id={id("originalPrice")}
        name="originalPrice"
        label="Precio original tachado (opcional)"
        value={plan.originalPriceCents ? formatMoneyInput(plan.originalPriceCents) : ""}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={plan.active} className="size-4 accent-moss" /> A la venta
      </label>
      <button
        type="submit"
        disabled={saving}
        className="rounded-lg bg-moss px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {saving ? "Guardando..." : "Guardar"}
      </button>
    </form>
  );
}

/** A price in pesos, filled as the admin types it ("54.000,50"). */
function PriceField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        defaultValue={value}
        className="mt-1 w-full rounded-lg border border-ink/30 px-3 py-2"
      />
    </div>
  );
}
