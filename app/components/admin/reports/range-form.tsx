import { Form, Link } from "react-router";
import { CHANNEL_LABELS, CHANNEL_PARAMS, CHANNELS } from "~/domain/reports/channels";
import { GRAIN_LABELS, GRAINS, type RangePreset, type ReportRange } from "~/domain/reports/range";

/**
 * The period of the reports: two dates, the grain of the sales series and the channel (every one, or online,
 * the counter or fairs), sent as a GET (works without JavaScript, and the URL can be shared), plus the
 * presets as plain links (which keep the channel).
 */
export function RangeForm({ range, presets, path }: { range: ReportRange; presets: RangePreset[]; path: string }) {
  const field = "rounded-md border border-ink/25 bg-white px-2 py-1.5";
  return (
    <div className="space-y-3 rounded-xl border border-ink/10 bg-white p-4">
      <Form method="get" action={path} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="desde" className="text-sm font-semibold text-ink/75">
            Desde
          </label>
          <input id="desde" name="desde" type="date" defaultValue={range.from} key={range.from} className={field} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="hasta" className="text-sm font-semibold text-ink/75">
            Hasta
          </label>
          <input id="hasta" name="hasta" type="date" defaultValue={range.to} key={range.to} className={field} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="agrupar" className="text-sm font-semibold text-ink/75">
            Agrupar ventas por
          </label>
          <select id="agrupar" name="agrupar" defaultValue={range.grain} key={range.grain} className={field}>
            {GRAINS.map((grain) => (
              <option key={grain} value={grain}>
                {GRAIN_LABELS[grain]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="canal" className="text-sm font-semibold text-ink/75">
            Canal
          </label>
          <select
            id="canal"
            name="canal"
            defaultValue={range.channel ? CHANNEL_PARAMS[range.channel] : ""}
            key={range.channel ?? "todos"}
            className={field}
          >
            <option value="">Todos</option>
            {CHANNELS.map((channel) => (
              <option key={channel} value={CHANNEL_PARAMS[channel]}>
                {CHANNEL_LABELS[channel]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-md bg-moss px-4 py-2 text-sm font-semibold text-white hover:bg-moss-dark"
        >
          Ver reportes
        </button>
      </Form>
      <nav aria-label="Períodos rápidos">
        <ul className="flex flex-wrap gap-2 text-sm">
          {presets.map((preset) => {
            const current = preset.from === range.from && preset.to === range.to;
            // The grain follows the preset's length (no ?agrupar=), as a first visit would.
            const query = new URLSearchParams({ desde: preset.from, hasta: preset.to });
            if (range.channel) query.set("canal", CHANNEL_PARAMS[range.channel]);
            const href = `${path}?${query}`;
            return (
              <li key={preset.label}>
                <Link
                  to={href}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 ${
                    current ? "border-moss bg-moss text-white" : "border-ink/15 hover:border-moss hover:text-moss"
                  }`}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
