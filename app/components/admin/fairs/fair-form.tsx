import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { BOOK_PRICE_LAW_NOTE } from "~/domain/discounts/book-price-law";
import { type FairFormValues, fairDiscountWarning, LAW_DISCOUNT_LIMIT } from "~/domain/fairs/input";
import { button } from "./fair-status";

export interface TeamMember {
  id: number;
  email: string;
  role: "owner" | "staff";
}

const blank: FairFormValues = { name: "", place: "", startsOn: "", endsOn: "", discountPercent: "", sellers: [] };

const label = "block text-sm font-semibold";
const inputClass = (error: string | undefined) =>
  `mt-1 w-full rounded-md border bg-white px-3 py-2 ${error ? "border-terracotta" : "border-ink/25"}`;

/**
 * A fair's data, to create it (the list) or edit it (its page): works as a plain form without JavaScript;
 * with it, the Ley 25.542 warning appears as soon as the discount passes 10%.
 */
export function FairForm({
  intent,
  action,
  idPrefix,
  initial,
  errors,
  team,
  submitLabel,
}: {
  intent: "create" | "update";
  action: string;
  idPrefix: string;
  initial: FairFormValues | null;
  errors: Record<string, string>;
  team: TeamMember[];
  submitLabel: string;
}) {
  const values = initial ?? blank;
  const busy = useNavigation().state !== "idle";
  const [discount, setDiscount] = useState(values.discountPercent);
  const percent = Number(discount.trim().replace(/%$/, ""));
  const aboveLaw = Number.isInteger(percent) && percent > LAW_DISCOUNT_LIMIT && percent <= 100;
  const id = (name: string) => `${idPrefix}-${name}`;
  const field = (name: keyof FairFormValues, hint?: string) => ({
    id: id(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": [errors[name] ? id(`${name}-error`) : "", hint ?? ""].filter(Boolean).join(" ") || undefined,
    className: inputClass(errors[name]),
  });
  const problem = (name: string) =>
    errors[name] ? (
      <p id={id(`${name}-error`)} className="mt-1 text-sm font-semibold text-terracotta-dark">
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" action={action} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <label htmlFor={id("name")} className={label}>
            Nombre
          </label>
          <input
            type="text"
            required
            maxLength={120}
            placeholder="Feria del Libro de Buenos Aires"
            defaultValue={values.name}
            {...field("name")}
          />
          {problem("name")}
        </div>
        <div>
          <label htmlFor={id("place")} className={label}>
            Lugar <span className="font-normal text-ink/75">(opcional)</span>
          </label>
          <input
            type="text"
            maxLength={200}
            placeholder="La Rural, stand 1234"
            defaultValue={values.place}
            {...field("place")}
          />
          {problem("place")}
        </div>
        <div>
          <label htmlFor={id("startsOn")} className={label}>
            Empieza
          </label>
          <input type="date" required defaultValue={values.startsOn} {...field("startsOn")} />
          {problem("startsOn")}
        </div>
        <div>
          <label htmlFor={id("endsOn")} className={label}>
            Termina
          </label>
          <input type="date" required defaultValue={values.endsOn} {...field("endsOn")} />
          {problem("endsOn")}
        </div>
      </div>
      <div className="md:max-w-xs">
        <label htmlFor={id("discountPercent")} className={label}>
          Descuento en la feria (%) <span className="font-normal text-ink/75">(opcional)</span>
        </label>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          defaultValue={values.discountPercent}
          onChange={(event) => setDiscount(event.currentTarget.value)}
          {...field("discountPercent", id("discount-law"))}
        />
        {problem("discountPercent")}
      </div>
      <p id={id("discount-law")} className="rounded-lg bg-ochre-light/25 p-3 text-sm text-ink">
        {BOOK_PRICE_LAW_NOTE} El descuento de la feria se aplica a cada venta hecha en ella, salvo que quien vende
        cargue otro.
      </p>
      {aboveLaw ? (
        <p role="status" className="rounded-lg border-l-4 border-terracotta bg-terracotta/10 p-3 text-sm text-ink">
          {fairDiscountWarning(percent)}
        </p>
      ) : null}
      <fieldset aria-describedby={id("sellers-hint")}>
        <legend className={label}>Quiénes venden</legend>
        <p id={id("sellers-hint")} className="mt-1 text-xs text-ink/75">
          Si no marcás a nadie, puede vender cualquiera del equipo. Los titulares pueden vender siempre.
        </p>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {team.map((member) => (
            <li key={member.id}>
              <label className="flex min-h-11 items-center gap-3 rounded-lg border border-ink/15 bg-white px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  name="sellers"
                  value={member.id}
                  defaultChecked={values.sellers.includes(String(member.id))}
                  className="size-5 accent-moss"
                />
                <span className="min-w-0 break-words">
                  {member.email} <span className="text-ink/70">· {ROLE_LABELS[member.role]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {problem("sellers")}
      </fieldset>
      <button type="submit" disabled={busy} className={button}>
        {submitLabel}
      </button>
    </Form>
  );
}
