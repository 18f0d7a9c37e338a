import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportCustomerData } from "~/domain/accounts/data-export.server";
import { DELETE_MESSAGES } from "~/domain/accounts/delete.server";
import { createCustomerSession } from "~/domain/accounts/sessions.server";
import { customers, orders } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs } from "../../../tests/support/route-context";
import { loader as dataLoader } from "./datos";
import { action as privacyAction } from "./privacidad";

const { database, db } = await adminTestDatabase();

describe("GET /cuenta/datos", () => {
  it("downloads the signed-in email's JSON; signed out, it asks to sign in", async () => {
    await db.insert(customers).values({ email: "descarga@example.com", firstName: "Dora" });
    await insertOrder(db, { email: "descarga@example.com", status: "delivered" });
    await insertOrder(db, { email: "otra@example.com" });
    const response = (await dataLoader(
      routeArgs("/cuenta/datos", database, { context: { customer: { email: "descarga@example.com" } } }),
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="rizoma-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body.email).toBe("descarga@example.com");
    expect(body.customer.firstName).toBe("Dora");
    expect(body.orders).toHaveLength(1);

    const signedOut = await Promise.resolve()
      .then(() => dataLoader(routeArgs("/cuenta/datos", database, { context: { customer: null } })))
      .catch((thrown: Response) => thrown);
    expect((signedOut as Response).status).toBe(303);
    expect((signedOut as Response).headers.get("location")).toBe("/cuenta/ingresar?volver=%2Fcuenta%2Fdatos");
  });
});

describe("POST /cuenta/privacidad (Eliminar mi cuenta)", () => {
  it("a different email is refused, a refusal is a 409, the right one deletes and signs out", async () => {
    await db.insert(customers).values({ email: "form@example.com", firstName: "Flor" });
    const session = await createCustomerSession(db, "form@example.com");
    const post = async (confirmEmail: string) => {
      try {
        return await privacyAction(
          routeArgs("/cuenta/privacidad", database, {
            method: "POST",
            body: new URLSearchParams({ confirmEmail }).toString(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
            context: { customer: { email: "form@example.com" }, customerToken: session.token },
          }),
        );
      } catch (thrown) {
        return thrown;
      }
    };
    // biome-ignore lint/suspicious/noExplicitAny: React Router's data() wrapper.
    const wrong = (await post("otra@example.com")) as any;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data).toMatchObject({
      message: DELETE_MESSAGES.confirm,
      fields: { confirmEmail: expect.any(String) },
    });

    await insertOrder(db, { email: "form@example.com", status: "paid" });
    // biome-ignore lint/suspicious/noExplicitAny: React Router's data() wrapper.
    const refused = (await post("form@example.com")) as any;
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBe(DELETE_MESSAGES.openOrder);
    expect((await exportCustomerData(db, "form@example.com")).customer).not.toBeNull();
    await db.update(orders).set({ status: "delivered" }).where(eq(orders.email, "form@example.com"));

    const done = (await post(" Form@Example.com ")) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/cuenta/eliminada");
    expect(done.headers.get("set-cookie")).toMatch(/^rizoma_cuenta=;/);
    const after = await exportCustomerData(db, "form@example.com");
    expect(after.customer).toBeNull();
    expect(after.sessions).toEqual([]);
    expect(after.orders).toEqual([]);
  });
});
