import { Minus, Plus, SlidersHorizontal, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { type CartLine, changeQuantity, lineTotalCents, type SaleTotals, unitCents } from "~/domain/sales/cart";
import { MAX_SALE_QUANTITY } from "~/domain/sales/input";
import { formatMoney, formatMoneyInput, parseMoney } from "~/lib/money";
import { PercentInput } from "./percent-input";

const round = "flex size-11 shrink-0 items-center justify-center rounded-full border border-ink/20 bg-white";

/**
 * The sale's lines: copies with − and + (one thumb), and per line a price of this sale (a fair price, a
 * signed copy) or its own discount; then the whole sale's discount and the totals.
 */
export function SaleCart({
  lines,
  onLines,
  discountPercent,
  onDiscount,
  totals,
  stockOf,
}: {
  lines: CartLine[];
  onLines(lines: CartLine[]): void;
  discountPercent: number;
  onDiscount(percent: number): void;
  totals: SaleTotals;
  /** The copies the phone believes are left where it sells (the snapshot less its unsynced sales). */
  stockOf(bookId: number): number | null;
}) {
  const id = useId();
  if (lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-ink/25 p-4 text-center text-ink/75">
        Todavía no hay libros en la venta. Buscalos arriba o escaneá el código de barras.
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-ink/10 rounded-xl border border-ink/15 bg-white" aria-label="Libros de la venta">
        {lines.map((line) => (
          <CartRow
            key={line.bookId}
            line={line}
            stock={stockOf(line.bookId)}
            onChange={(next) => onLines(lines.map((entry) => (entry.bookId === line.bookId ? next : entry)))}
            onQuantity={(quantity) => onLines(changeQuantity(lines, line.bookId, quantity))}
          />
        ))}
      </ul>
      <div className="mt-4 flex items-center justify-between gap-3">
        <label htmlFor={`${id}-discount`} className="font-semibold">
          Descuento a toda la venta
        </label>
        <PercentInput id={`${id}-discount`} value={discountPercent} onChange={onDiscount} />
      </div>
      <dl className="mt-4 space-y-1 rounded-xl bg-cream/60 p-4">
        <div className="flex justify-between">
          <dt>
            Subtotal ({totals.copies} {totals.copies === 1 ? "libro" : "libros"})
          </dt>
          <dd>{formatMoney(totals.subtotalCents)}</dd>
        </div>
        {totals.discountCents > 0 ? (
          <div className="flex justify-between">
            <dt>Descuento {discountPercent}%</dt>
            <dd>−{formatMoney(totals.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-xl font-bold">
          <dt>Total</dt>
          <dd data-testid="sale-total">{formatMoney(totals.totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

function CartRow({
  line,
  stock,
  onChange,
  onQuantity,
}: {
  line: CartLine;
  stock: number | null;
  onChange(line: CartLine): void;
  onQuantity(quantity: number): void;
}) {
  const id = useId();
  const [adjusting, setAdjusting] = useState(line.listCents === null);
  const [priceText, setPriceText] = useState(line.priceCents === null ? "" : formatMoneyInput(line.priceCents));
  const [priceError, setPriceError] = useState<string | null>(null);
  const total = lineTotalCents(line);
  const unit = unitCents(line);
  const short = stock !== null && line.quantity > stock;
  return (
    <li className="p-3" aria-label={line.title}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold leading-snug">{line.title}</p>
          <p className="truncate text-sm text-ink/75">{line.author}</p>
          <p className="text-sm text-ink/85">
            {unit === null ? "Sin precio: escribilo abajo" : `${formatMoney(unit)} c/u`}
            {line.priceCents !== null && line.listCents !== null ? ` (lista ${formatMoney(line.listCents)})` : ""}
            {line.discountPercent ? ` · −${line.discountPercent}%` : ""}
          </p>
          {short ? (
            <p className="text-sm font-semibold text-terracotta-dark">
              {stock === 0 ? "Sin stock en el sistema" : `En el sistema quedan ${stock}`}: se vende igual y queda
              marcado para revisar
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-right font-bold">{total === null ? "—" : formatMoney(total)}</p>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          className={round}
          onClick={() => onQuantity(line.quantity - 1)}
          aria-label={line.quantity === 1 ? `Quitar «${line.title}»` : `Un ejemplar menos de «${line.title}»`}
        >
          {line.quantity === 1 ? (
            <Trash2 aria-hidden="true" className="size-5" />
          ) : (
            <Minus aria-hidden="true" className="size-5" />
          )}
        </button>
        <output className="w-8 text-center text-lg font-semibold" aria-label={`Ejemplares de «${line.title}»`}>
          {line.quantity}
        </output>
        <button
          type="button"
          className={round}
          onClick={() => onQuantity(line.quantity + 1)}
          disabled={line.quantity >= MAX_SALE_QUANTITY}
          aria-label={`Un ejemplar más de «${line.title}»`}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className="ml-auto flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-moss hover:bg-moss/10"
          aria-expanded={adjusting}
          aria-controls={`${id}-adjust`}
          onClick={() => setAdjusting((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Precio o descuento
        </button>
      </div>
      {adjusting ? (
        <div id={`${id}-adjust`} className="mt-3 grid grid-cols-2 gap-3 rounded-lg bg-paper p-3">
          <div>
            <label htmlFor={`${id}-price`} className="block text-sm font-semibold">
              Precio de esta venta
            </label>
            <input
              id={`${id}-price`}
              value={priceText}
              inputMode="decimal"
              autoComplete="off"
              placeholder={line.listCents === null ? "Escribilo" : formatMoneyInput(line.listCents)}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? `${id}-price-error` : undefined}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setPriceText(text);
                if (text.trim() === "") {
                  setPriceError(null);
                  onChange({ ...line, priceCents: null });
                  return;
                }
                const cents = parseMoney(text);
                setPriceError(cents === null ? "Escribí un precio en pesos, por ejemplo 12.500" : null);
                if (cents !== null) onChange({ ...line, priceCents: cents });
              }}
              className="mt-1 min-h-11 w-full rounded-lg border border-ink/25 bg-white px-3"
            />
            {priceError ? (
              <p id={`${id}-price-error`} className="mt-1 text-sm text-terracotta-dark">
                {priceError}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`${id}-line-discount`} className="block text-sm font-semibold">
              Descuento
            </label>
            <PercentInput
              id={`${id}-line-discount`}
              value={line.discountPercent}
              onChange={(discountPercent) => onChange({ ...line, discountPercent })}
              className="mt-1"
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}
