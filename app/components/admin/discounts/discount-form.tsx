import type { FormEvent } from "react";
import { Link } from "react-router";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { BOOK_PRICE_LAW_NOTE } from "~/domain/discounts/book-price-law";
import { DISCOUNT_DESCRIPTION_MAX } from "~/domain/discounts/rules";
import type { DiscountFormValues } from "./discount-form-values";
import { DiscountKindFields } from "./discount-kind-fields";
import { fieldClass } from "./field-classes";

export interface EditedCode {
  id: number;
  code: string;
  usedCount: number;
}

/**
 * The create/edit form (spec §5): custom code on create only (uppercased, up to 20, hint 3-20 letters
 * and digits, checked by the server), percentage 1-100 or a fixed amount (typing one clears the other),
 * minimum purchase from 0, max uses from 1 (blank: unlimited), optional expiry, active by default.
 */
export function DiscountForm({
  editing,
  initial,
  action,
  problem,
  busy,
  onSubmit,
  onCancel,
  cancelTo,
}: {
  editing: EditedCode | null;
  initial: DiscountFormValues;
  action: string;
  problem: NoticeData | null;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  cancelTo: string;
}) {
  const { input, label, hint } = fieldClass;
  const optional = <span className="font-normal text-ink/75">(opcional)</span>;
  return (
    <form method="post" action={action} noValidate onSubmit={onSubmit} className="space-y-4">
      <h2 id="discount-dialog-title" className="pr-8 font-serif text-2xl">
        {editing ? (
          <>
            Editar código <span className="font-mono">{editing.code}</span>
          </>
        ) : (
          "Nuevo código de descuento"
        )}
      </h2>
      <Notice notice={problem} />
      <p className="rounded-lg bg-ochre-light/25 p-3 text-sm text-ink" data-testid="book-price-law">
        {BOOK_PRICE_LAW_NOTE} También rige para los códigos de descuento que se usan en libros nuevos.
      </p>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {editing ? null : (
        <div>
          <label htmlFor="discount-code" className={label}>
            Código {optional}
          </label>
          <input
            id="discount-code"
            name="customCode"
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            defaultValue={initial.customCode}
            aria-describedby="discount-code-hint"
            onInput={(event) => {
              event.currentTarget.value = event.currentTarget.value.toUpperCase();
            }}
            className={`${input} font-mono uppercase`}
          />
          <p id="discount-code-hint" className={hint}>
            Solo letras y números, 3-20 caracteres. Si lo dejás vacío, lo generamos nosotros.
          </p>
        </div>
      )}
      <div>
        <label htmlFor="discount-description" className={label}>
          Descripción {optional}
        </label>
        <textarea
          id="discount-description"
          name="description"
          rows={2}
          maxLength={DISCOUNT_DESCRIPTION_MAX}
          defaultValue={initial.description}
          className={input}
        />
      </div>
      <DiscountKindFields percentage={initial.discountPercentage} amount={initial.discountAmount} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="discount-minimum" className={label}>
            Compra mínima ($)
          </label>
          <input
            id="discount-minimum"
            name="minimumAmount"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            defaultValue={initial.minimumAmount}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="discount-max-uses" className={label}>
            Usos máximos
          </label>
          <input
            id="discount-max-uses"
            name="maxUses"
            type="number"
            inputMode="numeric"
            min={Math.max(1, editing?.usedCount ?? 1)}
            step={1}
            placeholder="Ilimitados"
            defaultValue={initial.maxUses}
            aria-describedby="discount-max-uses-hint"
            className={input}
          />
          <p id="discount-max-uses-hint" className={hint}>
            Vacío: ilimitados.
            {editing && editing.usedCount > 0
              ? ` Ya se usó ${editing.usedCount === 1 ? "1 vez" : `${editing.usedCount.toLocaleString("es-AR")} veces`}.`
              : ""}
          </p>
        </div>
      </div>
      <div>
        <label htmlFor="discount-valid-until" className={label}>
          Vence el {optional}
        </label>
        <input
          id="discount-valid-until"
          name="validUntil"
          type="date"
          defaultValue={initial.validUntil}
          aria-describedby="discount-valid-until-hint"
          className={input}
        />
        <p id="discount-valid-until-hint" className={hint}>
          Vale hasta el final de ese día (hora de Buenos Aires). Vacío: sin vencimiento.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <input
          id="discount-active"
          name="active"
          type="checkbox"
          defaultChecked={initial.active}
          className="size-5 accent-moss"
        />
        <label htmlFor="discount-active" className="font-semibold">
          Activo
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {busy ? "Guardando..." : editing ? "Guardar cambios" : "Crear código"}
        </button>
        <Link
          to={cancelTo}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onCancel();
          }}
          className="text-sm font-semibold text-moss underline"
        >
          Cancelar
        </Link>
      </div>
    </form>
  );
}
