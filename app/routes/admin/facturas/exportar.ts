import { csvQuery, currentMonth, invoicesCsv } from "~/domain/invoices/admin.server";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { resource } from "~/lib/http.server";
import type { Route } from "./+types/exportar";

/** GET /admin/facturas/exportar?mes=YYYY-MM: the month's issued vouchers as a CSV for the accountant. */
export function loader({ request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    const query = csvQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) {
      return new Response("El mes no es válido: usá AAAA-MM, por ejemplo 2026-11.", {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    const month = query.data.mes ?? currentMonth();
    return csvResponse(await invoicesCsv(context.db, month), `facturas-${month}.csv`);
  });
}
