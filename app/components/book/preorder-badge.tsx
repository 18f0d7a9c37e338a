import { useEffect, useState } from "react";
import { formatMoney, fromPesos } from "~/lib/money";
import { countdown, formatReleaseDate, isLastUnits, preorderDiscount } from "./preorder";

export type PreorderBadgeSize = "small" | "medium" | "large";

const sizes: Record<PreorderBadgeSize, { box: string; label: string; price: string; detail: string }> = {
  small: { box: "gap-1 p-2 text-xs", label: "text-[0.7rem]", price: "text-sm", detail: "text-[0.7rem]" },
  medium: { box: "gap-1.5 p-3 text-sm", label: "text-xs", price: "text-base", detail: "text-xs" },
  large: { box: "gap-2 p-4 text-base", label: "text-sm", price: "text-2xl", detail: "text-sm" },
};

/**
 * The pre-sale (PREVENTA) widget of spec §5: label, discount percent (only when the pre-order price is
 * lower), prices, reserved units with '¡Últimas unidades!' from 80% of the limit, and a countdown to the
 * release date. The countdown ticks only in the browser; the server renders the release date.
 */
export function PreorderBadge({
  releaseDate,
  preorderPrice,
  normalPrice,
  preorderCount = 0,
  preorderLimit = null,
  size = "medium",
}: {
  releaseDate: string | null;
  /** Pesos. */
  preorderPrice: number | null;
  /** Pesos. */
  normalPrice: number | null;
  preorderCount?: number;
  preorderLimit?: number | null;
  size?: PreorderBadgeSize;
}) {
  const style = sizes[size];
  const discount = preorderDiscount(preorderPrice, normalPrice);
  const lastUnits = isLastUnits(preorderCount, preorderLimit);
  const percent = preorderLimit ? Math.min(100, Math.round((preorderCount / preorderLimit) * 100)) : 0;
  return (
    <div
      data-testid="preorder-badge"
      data-size={size}
      className={`flex flex-col rounded-md border border-ochre/60 bg-cream text-ink ${style.box}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded bg-ochre px-1.5 py-0.5 font-bold tracking-wider text-ink ${style.label}`}>
          PREVENTA
        </span>
        {discount !== null ? (
          <span className={`rounded bg-terracotta-dark px-1.5 py-0.5 font-bold text-white ${style.label}`}>
            -{discount}%
          </span>
        ) : null}
      </div>
      {size !== "small" && preorderPrice !== null ? (
        <p className={`font-semibold ${style.price}`}>
          {formatMoney(fromPesos(preorderPrice))}
          {discount !== null && normalPrice !== null ? (
            <s className="ml-2 text-[0.8em] font-normal text-ink/70">{formatMoney(fromPesos(normalPrice))}</s>
          ) : null}
        </p>
      ) : null}
      {releaseDate ? <ReleaseCountdown releaseDate={releaseDate} className={style.detail} /> : null}
      {preorderLimit ? (
        <div className={style.detail}>
          <p>
            Unidades reservadas: {preorderCount} / {preorderLimit}
          </p>
          <div
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-ink/15"
            role="progressbar"
            aria-label="Unidades reservadas"
            aria-valuemin={0}
            aria-valuemax={preorderLimit}
            aria-valuenow={preorderCount}
          >
            <div
              className={`h-full ${lastUnits ? "bg-terracotta-dark" : "bg-moss"}`}
              style={{ width: `${percent}%` }}
            />
          </div>
          {lastUnits ? <p className="mt-1 font-bold text-terracotta-dark">¡Últimas unidades!</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function ReleaseCountdown({ releaseDate, className }: { releaseDate: string; className: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = now === null ? null : countdown(releaseDate, now);
  return (
    <p className={className}>
      <span className="block">Sale el {formatReleaseDate(releaseDate)}</span>
      {left ? (
        <span className="block font-semibold tabular-nums" data-testid="preorder-countdown">
          Faltan {left.days} {left.days === 1 ? "día" : "días"}, {String(left.hours).padStart(2, "0")}:
          {String(left.minutes).padStart(2, "0")}:{String(left.seconds).padStart(2, "0")}
        </span>
      ) : null}
    </p>
  );
}
