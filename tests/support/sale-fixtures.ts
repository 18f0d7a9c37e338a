import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { type SaleInput, saleInputSchema } from "~/domain/sales/input";
import { type RecordedSale, recordSale } from "~/domain/sales/record.server";
import { requestContext } from "~/lib/request-context.server";
import type { Database } from "~db/connect";
import { routeContext } from "./route-context";

/**
 * A counter or fair sale recorded the way `POST /api/admin/ventas` records it (the body parsed by its
 * schema, then `recordSale`), at the moment `at` (Buenos Aires local time "2026-03-02T15:00", or a Date):
 * stock, lines, fiscal amounts and invoice as in the running app.
 */
export async function recordTestSale(
  database: Database,
  admin: AdminIdentity,
  at: string | Date,
  body: Omit<z.input<typeof saleInputSchema>, "clientId" | "payment"> & {
    payment?: SaleInput["payment"];
    clientId?: string;
  },
): Promise<RecordedSale> {
  const input = saleInputSchema.parse({ clientId: randomUUID(), payment: "cash", ...body });
  const now = typeof at === "string" ? new Date(`${at}:00-03:00`) : at;
  return recordSale(requestContext(routeContext(database)), admin, input, now);
}
