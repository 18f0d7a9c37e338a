export type CajaTab = "suscripciones" | "comunicaciones";

const TABS = [
  ["suscripciones", "Suscripciones"],
  ["comunicaciones", "Comunicaciones"],
] as const;

/** The two tabs; each controls the panel `panel-<id>` the page shows for it. */
export function CajaTabs({ tab, onSelect }: { tab: CajaTab; onSelect: (tab: CajaTab) => void }) {
  return (
    <div role="tablist" aria-label="Caja Rizoma" className="flex gap-2 border-b border-ink/15">
      {TABS.map(([id, label]) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`tab-${id}`}
          aria-selected={tab === id}
          aria-controls={`panel-${id}`}
          onClick={() => onSelect(id)}
          className={`-mb-px border-b-2 px-4 py-2 font-semibold ${tab === id ? "border-moss text-moss" : "border-transparent text-ink/75"}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
