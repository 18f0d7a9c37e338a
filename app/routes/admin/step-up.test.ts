import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { confirmTotp, startTotp } from "~/domain/auth/factors.server";
import { createSession } from "~/domain/auth/sessions.server";
import { STEP_UP_MESSAGES } from "~/domain/auth/step-up";
import { totpCode, totpStep } from "~/domain/auth/totp";
import { getSection } from "~/domain/settings/settings.server";
import { adminInvites, adminUsers, auditLog, mailOutbox, orders, settings } from "~db/schema";
import { SHOP_MODE_KEY } from "~db/seed";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { insertOrder } from "../../../tests/support/order-row";
import { routeArgs } from "../../../tests/support/route-context";
import * as expensesExport from "../api/admin/expenses-export";
import * as newsletterExport from "../api/admin/newsletter-export";
import * as orderApi from "../api/admin/order";
import * as settingsApi from "../api/admin/settings-section";
import * as withdrawalsApi from "../api/admin/withdrawals";
import * as winnersExport from "../api/qr/admin-winners-export";
import * as ajustes from "./ajustes";
import * as clientesExport from "./clientes/exportar";
import * as confirmar from "./confirmar";
import * as equipo from "./equipo";
import * as facturasExport from "./facturas/exportar";
import * as pedido from "./pedidos/detail";
import * as produccion from "./produccion";
import * as reportesExport from "./reportes/exportar";

/**
 * Step-up on every action issue 34 lists (docs/decisions/0046): signed in more than 10 minutes ago and
 * without a proof, each is refused on the server — 401 `{stepUp:"required"}` for APIs and forms, a redirect
 * to /admin/confirmar for downloads — and nothing changes, nothing is exported, no owner is mailed. With the
 * right code the bank details change and every owner is told.
 */
const { database, db, admin } = await adminTestDatabase();
const staleSession = { provedAt: new Date(Date.now() - 60 * 60 * 1000), mustEnrol: false, saleDevice: false };

type Handler = (args: never) => unknown;
interface Answer {
  status: number;
  location: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: JSON and form answers of many shapes.
  body: any;
}

/** Runs a loader or action as the app would, for an admin whose session proved itself an hour ago. */
async function run(
  handler: Handler,
  url: string,
  init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {},
  params: Record<string, string> = {},
  session = staleSession,
  sessionToken: string | null = null,
): Promise<Answer> {
  let body: string | FormData | undefined;
  const headers: Record<string, string> = { ...init.headers };
  if (init.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(init.form)) form.set(name, value);
    body = form;
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers["content-type"] = "application/json";
  }
  const args = routeArgs(url, database, {
    method: init.method ?? (body ? "POST" : "GET"),
    body: body as string | undefined,
    headers,
    params,
    context: { admin, adminSession: session, sessionToken },
  });
  // A loader may throw its redirect.
  const answer = await Promise.resolve()
    .then(() => (handler as (a: typeof args) => unknown)(args))
    .catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
  if (answer instanceof Response) {
    const json = (answer.headers.get("content-type") ?? "").includes("json");
    return { status: answer.status, location: answer.headers.get("location"), body: json ? await answer.json() : null };
  }
  const { data, init: responseInit } = answer as { data: unknown; init: { status: number } | null };
  return { status: responseInit?.status ?? 200, location: null, body: data };
}

const bankForm = {
  section: "bank",
  intent: "save",
  holder: "Rizoma Libros SRL",
  bank: "Banco Nación",
  cbu: "0170099220000067797370",
  alias: "RIZOMA.NUEVO",
  cuit: "30-71654321-4",
  transferExpiryDays: "3",
  transferDiscountPercent: "10",
};

const mails = async () => db.select().from(mailOutbox);

describe("stale sessions are refused without a proof, and nothing changes", () => {
  it("the bank details (the page's form and the API)", async () => {
    const before = await getSection(db, "bank");
    const page = await run(ajustes.action, "/admin/ajustes", { form: bankForm });
    expect(page.status).toBe(401);
    expect(page.body.fields.stepUpProof).toBe(STEP_UP_MESSAGES.password);
    expect(JSON.stringify(page.body.values)).not.toContain("stepUpProof");
    const api = await run(
      settingsApi.action,
      "/api/admin/settings/bank",
      { method: "PUT", json: { ...before, cbu: "0170099220000067797370" } },
      { section: "bank" },
    );
    expect(api).toMatchObject({ status: 401, body: { success: false, stepUp: "required", method: "password" } });
    expect(await getSection(db, "bank")).toEqual(before);
    expect(await mails()).toHaveLength(0);
    // Other sections ask for nothing.
    const contact = await getSection(db, "contact");
    const saved = await run(
      settingsApi.action,
      "/api/admin/settings/contact",
      { method: "PUT", json: contact },
      {
        section: "contact",
      },
    );
    expect(saved.status).toBe(200);
  });

  it("going live", async () => {
    await db
      .insert(settings)
      .values({ key: SHOP_MODE_KEY, value: { state: "demo", since: new Date().toISOString() } })
      .onConflictDoNothing();
    const answer = await run(produccion.action, "/admin/ajustes/produccion", { form: { confirmacion: "PRODUCCION" } });
    expect(answer.status).toBe(401);
    const [mode] = await db.select().from(settings).where(eq(settings.key, SHOP_MODE_KEY));
    expect(mode?.value).toMatchObject({ state: "demo" });
    await db.delete(settings).where(eq(settings.key, SHOP_MODE_KEY));
  });

  it("cancelling an order (the page and the API) and a withdrawal's refund", async () => {
    const order = await insertOrder(db, { status: "paid", paidAt: new Date() });
    const page = await run(
      pedido.action,
      `/admin/pedidos/${order.number}`,
      { form: { intent: "cancel", reason: "Sin stock" } },
      { number: order.number },
    );
    expect(page.status).toBe(401);
    const api = await run(
      orderApi.action,
      `/api/admin/orders/${order.number}/cancel`,
      { json: { reason: "Sin stock" } },
      { number: order.number, action: "cancel" },
    );
    expect(api.body).toMatchObject({ success: false, stepUp: "required" });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("paid");
    const refund = await run(
      withdrawalsApi.action,
      "/api/admin/withdrawals/1/refund",
      { json: {} },
      {
        id: "1",
        action: "refund",
      },
    );
    expect(refund).toMatchObject({ status: 401, body: { stepUp: "required" } });
    const pageRefund = await run(
      pedido.action,
      `/admin/pedidos/${order.number}`,
      { form: { intent: "withdrawal-refund", refundedOn: "2026-01-02", reference: "x" } },
      { number: order.number },
    );
    expect(pageRefund.status).toBe(401);
  });

  it.each([
    ["/admin/clientes/exportar?buscar=ana", clientesExport.loader],
    ["/admin/facturas/exportar?mes=2026-01", facturasExport.loader],
    ["/admin/reportes/exportar?informe=ventas", reportesExport.loader],
  ])("the download %s sends the page to /admin/confirmar", async (url, loader) => {
    const answer = await run(loader as Handler, url);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/admin/confirmar?next=${encodeURIComponent(url)}`);
  });

  it.each([
    ["/api/admin/newsletter/export", newsletterExport.loader],
    ["/api/qr/admin/winners/export", winnersExport.loader],
    ["/api/admin/expenses/export?month=2026-01", expensesExport.loader],
  ])(
    "the API download %s answers 401 stepUp:'required' (a browser's link goes to /admin/confirmar)",
    async (url, loader) => {
      const answer = await run(loader as Handler, url);
      expect(answer).toMatchObject({ status: 401, body: { success: false, stepUp: "required" } });
      const browsing = await run(loader as Handler, url, { headers: { "sec-fetch-mode": "navigate" } });
      expect(browsing.location).toBe(`/admin/confirmar?next=${encodeURIComponent(url)}`);
      const wrong = await run(loader as Handler, url, { headers: { "x-step-up": "no-es-la-clave" } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe(STEP_UP_MESSAGES.wrongPassword);
    },
  );

  it("no export was recorded or mailed", async () => {
    expect((await db.select().from(auditLog)).filter((row) => row.action.endsWith(".export"))).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("inviting someone, and making someone an owner (a staff role change asks for nothing)", async () => {
    const invite = await run(equipo.action, "/admin/equipo", {
      form: { intent: "invite", email: "nueva@rizoma.com.ar", role: "staff" },
    });
    expect(invite.status).toBe(401);
    expect(await db.select().from(adminInvites)).toHaveLength(0);
    const [clerk] = await db
      .insert(adminUsers)
      .values({ id: 50, email: "caja@rizoma.com.ar", passwordHash: "x", role: "staff" })
      .returning();
    const promote = await run(equipo.action, "/admin/equipo", {
      form: { intent: "role", id: String(clerk?.id), role: "owner" },
    });
    expect(promote.status).toBe(401);
    const [still] = await db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, clerk?.id ?? 0));
    expect(still?.role).toBe("staff");
    await db.delete(adminUsers).where(eq(adminUsers.id, clerk?.id ?? 0));
  });
});

describe("with the right code", () => {
  it("the bank details change, the session counts as proved, and every owner is mailed the masked change", async () => {
    const enrolment = await startTotp(db, admin);
    await confirmTotp(db, admin, { factorId: enrolment.factorId, code: totpCode(enrolment.secret, totpStep() - 1) });
    const { token } = await createSession(db, admin.id);
    const wrong = await run(
      ajustes.action,
      "/admin/ajustes",
      { form: { ...bankForm, stepUpProof: "123456" } },
      {},
      staleSession,
      token,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.fields.stepUpProof).toBe(STEP_UP_MESSAGES.wrongCode);
    expect((await getSection(db, "bank")).cbu).not.toBe("0170099220000067797370");

    const saved = await run(
      ajustes.action,
      "/admin/ajustes",
      { form: { ...bankForm, stepUpProof: totpCode(enrolment.secret) } },
      {},
      staleSession,
      token,
    );
    expect(saved).toMatchObject({ status: 303, location: "/admin/ajustes?guardado=bank#bank" });
    expect((await getSection(db, "bank")).cbu).toBe("0170099220000067797370");
    const [letter] = await mails();
    expect(letter).toMatchObject({
      toAddress: admin.email,
      template: "owner-alert",
      subject: "Se cambió el CBU de la cuenta de transferencias",
    });
    expect(letter?.text).toContain("→ •••• 7370");
    expect(letter?.text).not.toContain("0170099220000067797370");

    // The confirmation page sends a fresh session straight on, and only to the admin's own addresses.
    const fresh = { ...staleSession, provedAt: new Date() };
    const next = "/admin/clientes/exportar?buscar=ana";
    const go = await run(confirmar.loader, `/admin/confirmar?next=${encodeURIComponent(next)}`, {}, {}, fresh);
    expect(go.location).toBe(next);
    const away = await run(confirmar.loader, "/admin/confirmar?next=https://evil.example/", {}, {}, fresh);
    expect(away.location).toBe("/admin");
  });
});
