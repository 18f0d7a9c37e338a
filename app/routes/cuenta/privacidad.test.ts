import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportCustomerData } from "~/domain/accounts/data-export.server";
import { DELETE_MESSAGES } from "~/domain/accounts/delete.server";
import { FRESH_MESSAGES } from "~/domain/accounts/fresh-code.server";
import { createCustomerSession } from "~/domain/accounts/sessions.server";
import { SIGN_IN_MESSAGES } from "~/domain/accounts/sign-in.server";
import { wrongCodeMessage } from "~/domain/email-codes/email-codes.server";
import { customers, mailOutbox, orders } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs } from "../../../tests/support/route-context";
import { loader as dataLoader } from "./datos";
import { action as privacyAction, loader as privacyLoader } from "./privacidad";

const { database, db } = await adminTestDatabase();
const freshIp = clientIps("10.44");
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** What a route answered, thrown (a redirect) or returned. */
async function answer<T>(work: () => Promise<T> | T): Promise<unknown> {
  try {
    return await work();
  } catch (thrown) {
    return thrown;
  }
}

/** A refused form as React Router's data() carries it. */
interface Refusal {
  init: { status: number; headers?: HeadersInit };
  data: { ok: false; intent: string; message: string; fields: Record<string, string>; values: Record<string, string> };
}

/** A signed-in reader's request to /cuenta/privacidad or /cuenta/datos. */
const asReader = (email: string, token: string, init: { form?: Record<string, string>; url?: string } = {}) =>
  routeArgs(init.url ?? "/cuenta/privacidad", database, {
    ...(init.form
      ? {
          method: "POST",
          body: new URLSearchParams(init.form).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }
      : {}),
    context: { customer: { email }, customerToken: token, clientIp: freshIp() },
  });

async function mailedCode(email: string): Promise<string> {
  const [sent] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "account-sign-in-code")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /Tu código para entrar a Rizoma: (\d{6})\./.exec(sent?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe("GET /cuenta/datos", () => {
  it("downloads the signed-in email's JSON; signed out, it asks to sign in", async () => {
    await db.insert(customers).values({ email: "descarga@example.com", firstName: "Dora" });
    await insertOrder(db, { email: "descarga@example.com", status: "delivered" });
    await insertOrder(db, { email: "otra@example.com" });
    // Signed in a minute ago: the sign-in is proof enough.
    const session = await createCustomerSession(db, "descarga@example.com", minutesAgo(1));
    const response = (await dataLoader(
      asReader("descarga@example.com", session.token, { url: "/cuenta/datos" }),
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

describe("a session signed in more than 10 minutes ago (issue 34, item 5)", () => {
  it("is sent from the download to the privacy page, which says why and asks for a code", async () => {
    await db.insert(customers).values({ email: "tarde@example.com", firstName: "Tina" });
    const session = await createCustomerSession(db, "tarde@example.com", minutesAgo(11));
    const sent = (await answer(() =>
      dataLoader(asReader("tarde@example.com", session.token, { url: "/cuenta/datos" })),
    )) as Response;
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/cuenta/privacidad?confirmar=datos#confirmar");

    const page = await privacyLoader(
      asReader("tarde@example.com", session.token, { url: "/cuenta/privacidad?confirmar=datos" }),
    );
    expect(page).toEqual({
      email: "tarde@example.com",
      fresh: false,
      reason: FRESH_MESSAGES.download,
      confirmed: null,
    });
    expect(FRESH_MESSAGES.download).toBe(
      "Por seguridad, antes de descargar tus datos confirmá que sos vos con un código que te mandamos por email.",
    );
  });

  it("cannot delete the account: 403 and why, and nothing is deleted", async () => {
    await db.insert(customers).values({ email: "robada@example.com", firstName: "Rita" });
    const session = await createCustomerSession(db, "robada@example.com", minutesAgo(45));
    const refused = (await answer(() =>
      privacyAction(asReader("robada@example.com", session.token, { form: { confirmEmail: "robada@example.com" } })),
    )) as Refusal;
    expect(refused.init.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, intent: "delete", message: FRESH_MESSAGES.delete });
    expect((await exportCustomerData(db, "robada@example.com")).customer).toMatchObject({ firstName: "Rita" });
  });

  it("gets a code by e-mail, a wrong one is refused in Spanish, the right one lets the download and deletion go ahead", async () => {
    const email = "confirma@example.com";
    await db.insert(customers).values({ email, firstName: "Clara" });
    const session = await createCustomerSession(db, email, minutesAgo(30));
    const post = (form: Record<string, string>) =>
      // biome-ignore lint/suspicious/noExplicitAny: React Router's data() wrapper or a thrown redirect.
      answer(() => privacyAction(asReader(email, session.token, { form }))) as Promise<any>;

    expect(await post({ intent: "send-code" })).toEqual({
      ok: true,
      intent: "send-code",
      message: `Te mandamos un código de 6 números a ${email}. Revisá tu correo (también el spam): vence en 15 minutos.`,
    });
    const code = await mailedCode(email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

    const wrong = await post({ intent: "confirm-code", code: wrongCode });
    expect(wrong.init.status).toBe(422);
    expect(wrong.data).toMatchObject({
      ok: false,
      intent: "confirm-code",
      message: wrongCodeMessage(4),
      fields: { code: wrongCodeMessage(4) },
      values: { code: wrongCode },
    });
    const garbled = await post({ intent: "confirm-code", code: "12a" });
    expect(garbled.init.status).toBe(400);
    expect(garbled.data.message).toBe(SIGN_IN_MESSAGES.code);

    const right = (await post({ intent: "confirm-code", code: ` ${code} ` })) as Response;
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/cuenta/privacidad?confirmado=1");
    expect(
      await privacyLoader(asReader(email, session.token, { url: "/cuenta/privacidad?confirmado=1" })),
    ).toMatchObject({ fresh: true, confirmed: FRESH_MESSAGES.confirmed, reason: null });

    const download = (await dataLoader(asReader(email, session.token, { url: "/cuenta/datos" }))) as Response;
    expect(download.status).toBe(200);
    expect((await download.json()).customer.firstName).toBe("Clara");

    const deleted = (await post({ confirmEmail: email })) as Response;
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/cuenta/eliminada");
    expect((await exportCustomerData(db, email)).customer).toBeNull();
  });

  it("too many codes asked for: 429 in Spanish with Retry-After, from the sign-in's limit", async () => {
    const email = "muchos-codigos@example.com";
    const session = await createCustomerSession(db, email, minutesAgo(30));
    for (let i = 0; i < 5; i++) {
      expect(
        (await answer(() => privacyAction(asReader(email, session.token, { form: { intent: "send-code" } })))) as {
          ok: boolean;
        },
      ).toMatchObject({ ok: true });
    }
    const refused = (await answer(() =>
      privacyAction(asReader(email, session.token, { form: { intent: "send-code" } })),
    )) as Refusal;
    expect(refused.init.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, intent: "send-code", message: SIGN_IN_MESSAGES.tooManyCodes });
    expect(Number(new Headers(refused.init.headers).get("retry-after"))).toBeGreaterThan(0);
  });
});
