import { and, asc, eq } from "drizzle-orm";
import { recordAudit } from "~/domain/audit/audit.server";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import type { Db } from "~db/index";
import { boxPickups, boxSubscriptions } from "~db/schema";
import { boxNumberOf } from "./number";

/**
 * A box picked up at the shop (issue 33, decision 0052): what a parcel is for a box sent to the door. The
 * admin marks it in /admin/caja ("Retiros en la librería"); once a subscription has a box handed over, its
 * withdrawal refunds no charge automatically, as when a box has shipped (withdrawal.server.ts).
 *
 * The subscription's row is locked while the pickup is written, as the withdrawal locks it: a pickup and a
 * withdrawal at the same moment run one after the other, so the withdrawal sees the pickup or the pickup
 * sees the subscription cancelled (and is refused).
 */

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface BoxPickupRecorded {
  /** False when that month's box had already been marked (a second click): nothing new was written. */
  created: boolean;
  pickedUpAt: Date;
}

export async function recordBoxPickup(
  db: Db,
  admin: AdminIdentity,
  subscriptionId: number,
  period: string,
  now = new Date(),
): Promise<BoxPickupRecorded> {
  if (!PERIOD.test(period)) throw new Invalid("Mes inválido");
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [sub] = await t.select().from(boxSubscriptions).where(eq(boxSubscriptions.id, subscriptionId)).for("update");
    if (!sub) throw new NotFound("Suscripción no encontrada");
    const [existing] = await t
      .select()
      .from(boxPickups)
      .where(and(eq(boxPickups.subscriptionId, sub.id), eq(boxPickups.boxPeriod, period)));
    if (existing) return { created: false, pickedUpAt: existing.pickedUpAt };
    if (sub.deliveryMethod !== "pickup") throw new Conflict("Esta suscripción recibe la caja a domicilio");
    if (sub.status !== "active") throw new Conflict("La suscripción no está activa: no hay caja para entregar");
    await t
      .insert(boxPickups)
      .values({ subscriptionId: sub.id, boxPeriod: period, pickedUpAt: now, recordedBy: admin.email });
    await recordAudit(t, admin, {
      action: "box.pickup",
      entity: "box_subscription",
      entityId: sub.id,
      summary: `Entregó en la librería la caja de ${period} de ${sub.firstName} ${sub.lastName} (${boxNumberOf(sub.id)})`,
    });
    return { created: true, pickedUpAt: now };
  });
}

export interface BoxPickupRow {
  subscriptionId: number;
  /** "CR-000123". */
  number: string;
  name: string;
  pickupLocation: string | null;
  /** ISO, when this month's box was handed over; null while it waits. */
  pickedUpAt: string | null;
}

/** /admin/caja's "Retiros en la librería" for a month: every active subscription that picks its box up. */
export async function boxPickupsOf(db: Db, period: string): Promise<BoxPickupRow[]> {
  const rows = await db
    .select({ sub: boxSubscriptions, pickedUpAt: boxPickups.pickedUpAt })
    .from(boxSubscriptions)
    .leftJoin(boxPickups, and(eq(boxPickups.subscriptionId, boxSubscriptions.id), eq(boxPickups.boxPeriod, period)))
    .where(and(eq(boxSubscriptions.status, "active"), eq(boxSubscriptions.deliveryMethod, "pickup")))
    .orderBy(asc(boxSubscriptions.lastName), asc(boxSubscriptions.id))
    .limit(200);
  return rows.map(({ sub, pickedUpAt }) => ({
    subscriptionId: sub.id,
    number: boxNumberOf(sub.id),
    name: `${sub.firstName} ${sub.lastName}`,
    pickupLocation: sub.pickupLocation,
    pickedUpAt: pickedUpAt?.toISOString() ?? null,
  }));
}
