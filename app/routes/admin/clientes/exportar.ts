import { customersCsv } from "~/domain/customers/admin.server";
import { parseCustomerFilters } from "~/domain/customers/filters";
import { requireAdmin } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { resource } from "~/lib/http.server";
import type { Route } from "./+types/exportar";

/** GET /admin/clientes/exportar?buscar=: the customers the list's search finds, as a CSV for a spreadsheet. */
export function loader({ request, context }: Route.LoaderArgs) {
  return resource(context, async () => {
    requireAdmin(request, context);
    const { search } = parseCustomerFilters(new URL(request.url).searchParams);
    return csvResponse(await customersCsv(context.db, { q: search }), `clientes-${todayInBuenosAires()}.csv`);
  });
}
