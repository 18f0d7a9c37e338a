import { winnersCsv } from "~/domain/prizes/prizes.server";
import { requireAdminApi } from "~/lib/admin.server";
import { csvResponse } from "~/lib/csv";
import { todayInBuenosAires } from "~/lib/dates";
import { api, methodNotAllowed } from "~/lib/http.server";
import type { Route } from "./+types/admin-winners-export";

/** GET /api/qr/admin/winners/export: every winner as a CSV download. */
export function loader({ context }: Route.LoaderArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return csvResponse(await winnersCsv(context.db), `ganadores-qr-${todayInBuenosAires()}.csv`);
  });
}

export function action({ context }: Route.ActionArgs) {
  return api(context, async () => {
    requireAdminApi(context);
    return methodNotAllowed("GET");
  });
}
