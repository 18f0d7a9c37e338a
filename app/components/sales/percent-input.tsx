import { useEffect, useState } from "react";

/**
 * A whole percent from 0 to 100, typed with the phone's number pad; what cannot be a percent is not taken
 * (the field shows what was typed, the sale keeps the last valid value and says why).
 */
export function PercentInput({
  id,
  value,
  onChange,
  className = "",
}: {
  id: string;
  value: number;
  onChange(percent: number): void;
  className?: string;
}) {
  const [text, setText] = useState(value ? String(value) : "");
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText((current) => (Number(current || 0) === value ? current : value ? String(value) : ""));
  }, [value]);
  return (
    <div className={className}>
      <div className="flex items-center gap-1">
        <input
          id={id}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          maxLength={3}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            const typed = event.currentTarget.value.replace(/\s/g, "");
            setText(typed);
            const percent = typed === "" ? 0 : Number(typed);
            const ok = /^\d{0,3}$/.test(typed) && percent <= 100;
            setInvalid(!ok);
            if (ok) onChange(percent);
          }}
          className="min-h-11 w-20 rounded-lg border border-ink/25 bg-white px-3 text-right"
        />
        <span aria-hidden="true">%</span>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-terracotta-dark">
          Un número entero entre 0 y 100
        </p>
      ) : null}
    </div>
  );
}
