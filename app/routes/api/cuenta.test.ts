import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCustomerSession } from "~/domain/accounts/sessions.server";
import { SIGN_IN_MESSAGES } from "~/domain/accounts/sign-in.server";
import { wrongCodeMessage } from "~/domain/email-codes/email-codes.server";
import { customerSessions, mailOutbox } from "~db/schema";
import { adminTestDatabase, clientIps } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs } from "../../../tests/support/route-context";
import * as codeRoute from "./cuenta-codigo";
import * as signInRoute from "./cuenta-ingresar";
import * as ordersRoute from "./cuenta-pedidos";
import * as signOutRoute from "./cuenta-salir";

const { database, db } = await adminTestDatabase();
const freshIp = clientIps("10.20");

type Json = Record<string, unknown>;
type Handler = (args: never) => Promise<Response> | Response;

async function post(
  handler: Handler,
  url: string,
  body: unknown,
  init: { ip?: string; cookie?: string; https?: boolean } = {},
) {
  const token = init.cookie ?? null;
  const session = token ? await readCustomerSession(db, token) : null;
  const args = routeArgs(url, database, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
    context: { clientIp: init.ip ?? freshIp(), customer: session?.customer ?? null, customerToken: token },
  });
  if (init.https)
    args.context.config = { ...args.context.config, publicUrl: "https://rizoma.test", secureCookies: true };
  const response = await handler(args as never);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Json };
}

/** The code as the reader reads it in the newest sign-in e-mail to `email`. */
async function codeFromMail(email: string): Promise<string> {
  const [sent] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "account-sign-in-code")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /Tu código para entrar a Rizoma: (\d{6})\./.exec(sent?.text ?? "")?.[1];
  if (!code) throw new Error(`no sign-in mail for ${email}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const tokenOf = (headers: Headers) =>
  /^(?:__Host-)?rizoma_cuenta=([^;]*)/.exec(headers.get("set-cookie") ?? "")?.[1] ?? "";

describe("Mi cuenta's sign-in API", () => {
  it("sends a code to any address with the same answer, and the code signs in with an HttpOnly, Lax cookie", async () => {
    const asked = await post(codeRoute.action, "/api/cuenta/codigo", { email: "  Lectora@Example.com " });
    expect(asked).toMatchObject({ status: 200, body: { success: true, message: SIGN_IN_MESSAGES.codeSent } });
    const code = await codeFromMail("lectora@example.com");

    const entered = await post(signInRoute.action, "/api/cuenta/ingresar", { email: "lectora@example.com", code });
    expect(entered.status).toBe(200);
    expect(entered.body).toEqual({ success: true });
    const cookie = entered.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^rizoma_cuenta=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259(1999|2000)$/);
    expect(await readCustomerSession(db, tokenOf(entered.headers))).toMatchObject({
      customer: { email: "lectora@example.com" },
    });

    // The same code again: spent.
    const again = await post(signInRoute.action, "/api/cuenta/ingresar", { email: "lectora@example.com", code });
    expect(again).toMatchObject({ status: 410, body: { success: false } });
  });

  it("on https the cookie is `__Host-rizoma_cuenta` (Secure, Path=/, no Domain), and signing out clears that one", async () => {
    await post(codeRoute.action, "/api/cuenta/codigo", { email: "segura@example.com" });
    const code = await codeFromMail("segura@example.com");
    const entered = await post(
      signInRoute.action,
      "/api/cuenta/ingresar",
      { email: "segura@example.com", code },
      { https: true },
    );
    expect(entered.headers.get("set-cookie")).toMatch(
      /^__Host-rizoma_cuenta=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259(1999|2000); Secure$/,
    );
    const token = tokenOf(entered.headers);
    const out = await post(signOutRoute.action, "/api/cuenta/salir", {}, { cookie: token, https: true });
    expect(out.headers.get("set-cookie")).toBe(
      "__Host-rizoma_cuenta=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
    expect(await readCustomerSession(db, token)).toBeNull();
  });

  it("counts wrong codes: 4 attempts left after the first, refused for good at the 6th", async () => {
    await post(codeRoute.action, "/api/cuenta/codigo", { email: "intentos@example.com" });
    const code = await codeFromMail("intentos@example.com");
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await post(
          signInRoute.action,
          "/api/cuenta/ingresar",
          { email: "intentos@example.com", code: wrong(code) },
          { ip },
        ),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 410, 410]);
    expect(answers[0]?.body.error).toBe(wrongCodeMessage(4));
    expect(answers[5]?.body.error).toBe(SIGN_IN_MESSAGES.dead);
    // Even the right code is refused now.
    const right = await post(
      signInRoute.action,
      "/api/cuenta/ingresar",
      { email: "intentos@example.com", code },
      { ip },
    );
    expect(right.status).toBe(410);
  });

  it("refuses a sixth code for the same email within the hour with a Spanish 429 and Retry-After", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post(codeRoute.action, "/api/cuenta/codigo", { email: "muchos@example.com" })).status).toBe(200);
    }
    const sixth = await post(codeRoute.action, "/api/cuenta/codigo", { email: "muchos@example.com" });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe(SIGN_IN_MESSAGES.tooManyCodes);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(3000);
  });

  it("answers bad bodies with 400 in Spanish", async () => {
    const bad = await post(codeRoute.action, "/api/cuenta/codigo", { email: "no-es-un-email" });
    expect(bad).toMatchObject({ status: 400, body: { success: false, error: SIGN_IN_MESSAGES.email } });
    const noCode = await post(signInRoute.action, "/api/cuenta/ingresar", { email: "a@example.com", code: "12ab" });
    expect(noCode).toMatchObject({ status: 400, body: { success: false, error: SIGN_IN_MESSAGES.code } });
  });

  it("lists only the reader's own orders, and 401 without a session", async () => {
    await insertOrder(db, { email: "compradora@example.com", totalCents: 1_234_50 });
    await insertOrder(db, { email: "otra@example.com", totalCents: 999_00 });
    await post(codeRoute.action, "/api/cuenta/codigo", { email: "compradora@example.com" });
    const code = await codeFromMail("compradora@example.com");
    const entered = await post(signInRoute.action, "/api/cuenta/ingresar", { email: "compradora@example.com", code });
    const token = tokenOf(entered.headers);
    const session = await readCustomerSession(db, token);

    const list = await ordersRoute.loader(
      routeArgs("/api/cuenta/pedidos", database, { context: { customer: session?.customer ?? null } }) as never,
    );
    const body = (await list.json()) as { success: boolean; orders: Json[] };
    expect(body.success).toBe(true);
    expect(body.orders).toEqual([
      {
        number: expect.stringMatching(/^RZ-\d{6}$/),
        status: "pending_payment",
        total: 1234.5,
        createdAt: expect.any(String),
      },
    ]);
    const anonymous = await ordersRoute.loader(routeArgs("/api/cuenta/pedidos", database) as never);
    expect(anonymous.status).toBe(401);
  });

  it("signs out this browser, or every session of the email with ?todas=1", async () => {
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) {
      await post(codeRoute.action, "/api/cuenta/codigo", { email: "tres@example.com" });
      const code = await codeFromMail("tres@example.com");
      const entered = await post(signInRoute.action, "/api/cuenta/ingresar", { email: "tres@example.com", code });
      sessions.push(tokenOf(entered.headers));
    }
    const one = await post(signOutRoute.action, "/api/cuenta/salir", {}, { cookie: sessions[0] });
    expect(one.status).toBe(200);
    expect(one.headers.get("set-cookie")).toMatch(/^rizoma_cuenta=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect(await readCustomerSession(db, sessions[0] ?? "")).toBeNull();
    expect(await readCustomerSession(db, sessions[1] ?? "")).not.toBeNull();

    await post(signOutRoute.action, "/api/cuenta/salir?todas=1", {}, { cookie: sessions[1] });
    const left = await db.select().from(customerSessions).where(eq(customerSessions.email, "tres@example.com"));
    expect(left).toEqual([]);
  });
});
