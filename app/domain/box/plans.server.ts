import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { publicPagesChanged } from "~/domain/cache/public-pages.server";
import { Invalid, NotFound } from "~/domain/errors";
import { formatMoney, parseMoney } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { boxPlans } from "~db/schema";
import type { BoxPlanView } from "./plans";

const view = (row: typeof boxPlans.$inferSelect): BoxPlanView => ({
  id: row.id,
  label: row.label,
  description: row.description,
  priceCents: row.priceCents,
  originalPriceCents: row.originalPriceCents,
  frequencyMonths: row.frequencyMonths,
  active: row.active,
});

/** Every plan in display order (the admin's editor) or only those on sale (the landing, the carousel). */
export async function listPlans(db: Db, options: { activeOnly?: boolean } = {}): Promise<BoxPlanView[]> {
  const rows = await db
    .select()
    .from(boxPlans)
    .where(options.activeOnly ? eq(boxPlans.active, true) : undefined)
    .orderBy(asc(boxPlans.position), asc(boxPlans.id));
  return rows.map(view);
}

/**
 * The monthly plan's price, from `box_plans` (the single source, DESIGN §5.2): the home's box section and
 * slide, the terms page. The migration seeds the plan and nothing deletes it.
 */
export async function monthlyPriceCents(db: Db): Promise<number> {
  const [row] = await db.select({ price: boxPlans.priceCents }).from(boxPlans).where(eq(boxPlans.id, "monthly"));
  if (!row) throw new Error("box_plans has no monthly plan (migration 0006 seeds it)");
  return row.price;
}

const money = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label}: ingresá un monto` }).transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${label}: ingresá un monto en pesos` });
      return z.NEVER;
    }
    return cents;
  });

export const planUpdateSchema = z
  .object({
    price: money("Precio").refine((cents) => cents > 0, "Precio: tiene que ser mayor que cero"),
    originalPrice: z
      .union([z.null(), z.literal(""), money("Precio original")])
      .optional()
      .transform((value) => (value === "" || value === undefined ? null : value)),
    active: z.boolean({ error: "Activo: indicá sí o no" }),
  })
  .strict()
  .refine((plan) => plan.originalPrice === null || plan.originalPrice > plan.price, {
    message: "El precio original tiene que ser mayor que el precio",
    path: ["originalPrice"],
  });

/** The admin edits a plan's price, struck price or availability (subscriptions keep their own price). */
export async function updatePlan(db: Db, admin: AdminIdentity, id: string, raw: unknown): Promise<BoxPlanView> {
  const parsed = planUpdateSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(boxPlans)
      .set({
        priceCents: input.price,
        originalPriceCents: input.originalPrice,
        active: input.active,
        updatedAt: new Date(),
      })
      .where(eq(boxPlans.id, id))
      .returning();
    if (!row) throw new NotFound("Plan no encontrado");
    await recordAudit(tx as unknown as Db, admin, {
      action: "box-plan.update",
      entity: "box_plan",
      entityId: id,
      summary: `Actualizó el plan ${row.label} de la Caja Rizoma: ${formatMoney(row.priceCents)}${row.active ? "" : " (no disponible)"}`,
      details: { priceCents: row.priceCents, originalPriceCents: row.originalPriceCents, active: row.active },
    });
    return view(row);
  });
  await publicPagesChanged(db, "box-plan.update");
  return result;
}
