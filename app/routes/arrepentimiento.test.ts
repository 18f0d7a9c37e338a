import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, withdrawals } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../tests/support/admin-database";
import { insertOrder } from "../../tests/support/order-row";
import { routeArgs } from "../../tests/support/route-context";
import * as page from "./arrepentimiento";
import * as done from "./arrepentimiento-listo";

const { database, db } = await adminTestDatabase();
const freshIp = clientIps("10.82");

const post = (fields: Record<string, string>) =>
  page.action(
    routeArgs("/arrepentimiento", database, {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      context: { clientIp: freshIp() },
    }) as never,
  );
const confirmation = (location: string) => done.loader(routeArgs(location, database) as never);
const mailCount = async () => (await db.select({ n: count() }).from(mailOutbox))[0]?.n ?? 0;

type Failure = {
  data: { message: string; fields: Record<string, string>; values: Record<string, string> };
  init: { status: number };
};

describe("the /arrepentimiento form (without JavaScript)", () => {
  it("fills the order number in from the order's link (?pedido=), and ignores anything that is not one", async () => {
    const prefill = async (query: string) =>
      (await page.loader(routeArgs(`/arrepentimiento${query}`, database) as never)).orderNumber;
    expect(await prefill("?pedido=RZ-000123")).toBe("RZ-000123");
    expect(await prefill("?pedido=%3Cscript%3E")).toBe("");
    expect(await prefill("")).toBe("");
  });

  it("sends the buyer to a confirmation with the code; posting again and reloading create nothing", async () => {
    const order = await insertOrder(db, { status: "paid", paymentMethod: "mercadopago" });
    const response = (await post({ orderNumber: order.number, email: order.email, reason: "" })) as Response;
    expect(response.status).toBe(303);
    const location = response.headers.get("location") ?? "";
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id));
    expect(location).toBe(`/arrepentimiento/listo?codigo=${row?.code}&pedido=${order.number}`);
    const mails = await mailCount();

    const shown = await confirmation(location);
    expect(shown).toMatchObject({ code: row?.code, what: `Pedido ${order.number}` });
    expect(shown.steps.join(" ")).toContain("por Mercado Pago");
    await confirmation(location);
    const again = (await post({ orderNumber: String(order.id), email: order.email.toUpperCase() })) as Response;
    expect(again.headers.get("location")).toBe(location);
    expect(await mailCount()).toBe(mails);
    expect((await db.select({ n: count() }).from(withdrawals))[0]?.n).toBe(1);
  });

  it("keeps what was typed and says what is wrong, beside the field or above the form", async () => {
    const bad = (await post({
      orderNumber: "mi pedido",
      email: "ana@example.com",
      reason: "Cambié de idea",
    })) as unknown as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.fields).toEqual({
      orderNumber: "Ingresá el número de pedido que figura en el correo de confirmación (por ejemplo RZ-000123)",
    });
    expect(bad.data.values).toEqual({ orderNumber: "mi pedido", email: "ana@example.com", reason: "Cambié de idea" });

    const unknown = (await post({
      orderNumber: "RZ-777777",
      email: "ana@example.com",
      reason: "",
    })) as unknown as Failure;
    expect(unknown.init.status).toBe(404);
    expect(unknown.data.fields).toEqual({});
    expect(unknown.data.message).toBe(
      "No encontramos un pedido con ese número y ese email. Revisá los datos del correo de confirmación.",
    );
  });

  it("shows no confirmation for a code and an order that do not belong together", async () => {
    const order = await insertOrder(db, { status: "paid" });
    const response = (await post({ orderNumber: order.number, email: order.email })) as Response;
    const code = new URL(response.headers.get("location") ?? "", "http://x").searchParams.get("codigo");
    const other = await insertOrder(db, { status: "paid" });
    const refused = await confirmation(`/arrepentimiento/listo?codigo=${code}&pedido=${other.number}`).catch((e) => e);
    expect(refused.init?.status).toBe(404);
    const made = await confirmation("/arrepentimiento/listo?codigo=ARR-ZZZZZZZZ&pedido=RZ-000001").catch((e) => e);
    expect(made.init?.status).toBe(404);
  });
});
