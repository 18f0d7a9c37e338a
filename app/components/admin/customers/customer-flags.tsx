/** The yes/no facts of a customer, as the list and the detail show them. */
export interface CustomerFlagsView {
  subscriber: boolean;
  newsletter: boolean;
  account: boolean;
}

const FLAGS = [
  { key: "subscriber", label: "Caja Rizoma", className: "bg-ochre/25 text-ink" },
  { key: "newsletter", label: "Newsletter", className: "bg-moss/15 text-moss" },
  { key: "account", label: "Con cuenta", className: "bg-ink/10 text-ink" },
] as const;

/** A badge per flag that holds ("Caja Rizoma" = an active or paused box); `empty` when none does. */
export function CustomerFlags({ flags, empty = "—" }: { flags: CustomerFlagsView; empty?: string | null }) {
  const shown = FLAGS.filter((flag) => flags[flag.key]);
  if (shown.length === 0) return empty ? <span className="text-ink/75">{empty}</span> : null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Marcas">
      {shown.map((flag) => (
        <li key={flag.key} className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${flag.className}`}>
          {flag.label}
        </li>
      ))}
    </ul>
  );
}
