import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { currentPeriod } from "~/domain/shipping/box-shipments.server";
import { orders } from "~db/schema";
import { adminTestDatabase } from "../../../../tests/support/admin-database";
import { memoryCarrier } from "../../../../tests/support/memory-carrier";
import { renderAdminPage } from "../../../../tests/support/render-page";
import { routeArgs, routeContext } from "../../../../tests/support/route-context";
import {
  insertBoxSubscription,
  pageCount,
  paidShippingOrder,
  printableLabels,
} from "../../../../tests/support/shipment-fixtures";
import * as cajaPage from "../caja";
import * as boxLabelsRoute from "../caja/etiquetas";
import * as dashboardPage from "../dashboard";
import * as orderPage from "../pedidos/detail";
import * as orderLabelRoute from "../pedidos/etiqueta";
import * as ordersPage from "../pedidos/list";
import * as labelsRoute from "./etiquetas";

const { database, db, admin } = await adminTestDatabase();
const correo = printableLabels(memoryCarrier());
const carriers = { current: async () => ({ mode: "live" as const, carriers: [correo] }) };

const get = (handler: { loader: (args: never) => unknown }, url: string, init: Parameters<typeof routeArgs>[2] = {}) =>
  handler.loader(
    routeArgs(url, database, { ...init, context: { admin, carriers, ...init.context } }) as never,
  ) as Promise<Response>;

const post = (
  handler: { action: (args: never) => unknown },
  url: string,
  fields: Record<string, string>,
  params = {},
) =>
  handler.action(
    routeArgs(url, database, {
      method: "POST",
      params,
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      context: { admin, carriers },
    }) as never,
  );

describe("Crear envío from the order page, and its label", () => {
  it("creates the parcel from a plain form post, shows it, and serves its label as a PDF", async () => {
    const order = await paidShippingOrder(db);
    const params = { number: order.number };

    const before = (await orderPage.loader(
      routeArgs(`/admin/pedidos/${order.number}`, database, { params, context: { admin, carriers } }) as never,
    )) as Awaited<ReturnType<typeof orderPage.loader>>;
    expect(before.shipping).toMatchObject({
      canCreate: true,
      plan: { carrierName: "Correo Argentino", configured: true },
    });
    const notYet = await get(orderLabelRoute, `/admin/pedidos/${order.number}/etiqueta`, { params });
    expect(notYet.status).toBe(404);
    expect(await notYet.text()).toBe("Este pedido no tiene etiqueta: creá su envío primero");

    const answer = (await post(
      orderPage,
      `/admin/pedidos/${order.number}`,
      { intent: "create-shipment" },
      params,
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/admin/pedidos/${order.number}?aviso=envio-creado`);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("shipped");

    const after = (await orderPage.loader(
      routeArgs(`/admin/pedidos/${order.number}?aviso=envio-creado`, database, {
        params,
        context: { admin, carriers },
      }) as never,
    )) as Awaited<ReturnType<typeof orderPage.loader>>;
    expect(after.notice?.title).toBe("Envío creado");
    expect(after.shipping?.shipment).toMatchObject({
      statusLabel: "Etiqueta lista",
      trackingNumber: row?.trackingCode,
    });

    const label = await get(orderLabelRoute, `/admin/pedidos/${order.number}/etiqueta`, { params });
    expect(label.status).toBe(200);
    expect(label.headers.get("Content-Type")).toBe("application/pdf");
    expect(label.headers.get("Content-Disposition")).toBe(`inline; filename="etiqueta-${order.number}.pdf"`);
    expect(label.headers.get("Cache-Control")).toBe("no-store");
    expect(await pageCount(await label.arrayBuffer())).toBe(1);

    // A second click is refused in words on the page, not a second parcel.
    const again = (await post(orderPage, `/admin/pedidos/${order.number}`, { intent: "create-shipment" }, params)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe("Solo se crean envíos de pedidos pagados");
  });

  it("answers hostile order numbers with a 404 in words and sends a visitor without a session to the sign-in", async () => {
    for (const number of ["RZ-999999", "%27%3B--", "x".repeat(3000)]) {
      const response = await get(orderLabelRoute, `/admin/pedidos/${number}/etiqueta`, { params: { number } });
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("text/plain");
    }
    const signedOut = orderLabelRoute.loader(
      routeArgs("/admin/pedidos/RZ-000001/etiqueta", database, { params: { number: "RZ-000001" } }) as never,
    );
    await expect(signedOut).rejects.toMatchObject({ status: 303 });
    for (const route of [labelsRoute, boxLabelsRoute]) {
      await expect(route.loader(routeArgs("/admin/envios/etiquetas?ids=1", database) as never)).rejects.toMatchObject({
        status: 303,
      });
    }
  });
});

describe("Crear envíos on the orders list", () => {
  it("creates the waiting orders' parcels and links their labels in one PDF; bad ids are a 400 in words", async () => {
    await paidShippingOrder(db);
    await paidShippingOrder(db);
    const list = (await ordersPage.loader(
      routeArgs("/admin/pedidos", database, { context: { admin, carriers } }) as never,
    )) as Awaited<ReturnType<typeof ordersPage.loader>>;
    expect(list.waitingForShipment).toBe(2);

    const answer = (await post(ordersPage, "/admin/pedidos", { intent: "create-shipments" })) as {
      shipments: { created: unknown[]; failed: unknown[]; labelsUrl: string };
    };
    expect(answer.shipments.created).toHaveLength(2);
    expect(answer.shipments.failed).toEqual([]);
    expect(answer.shipments.labelsUrl).toMatch(/^\/admin\/envios\/etiquetas\?ids=\d+,\d+$/);

    const merged = await get(labelsRoute, answer.shipments.labelsUrl);
    expect(merged.status).toBe(200);
    expect(merged.headers.get("Content-Type")).toBe("application/pdf");
    expect(await pageCount(await merged.arrayBuffer())).toBe(2);

    for (const ids of ["", "1;2", "abc", "-3", "1,,2"]) {
      const bad = await get(labelsRoute, `/admin/envios/etiquetas?ids=${encodeURIComponent(ids)}`);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toBe("Indicá los envíos como números separados por comas (?ids=1,2,3)");
    }
    const none = await get(labelsRoute, "/admin/envios/etiquetas?ids=999999");
    expect(none.status).toBe(404);
    expect(await none.text()).toBe("Ninguno de esos envíos tiene etiqueta");

    const unknown = (await post(ordersPage, "/admin/pedidos", { intent: "__proto__" })) as { init: { status: number } };
    expect(unknown.init.status).toBe(400);
  });
});

describe("the month's boxes on /admin/caja", () => {
  it("creates this month's box parcels and serves their labels; a bad periodo is a 400 in words", async () => {
    await insertBoxSubscription(db, { email: "caja1@example.com" });
    const period = currentPeriod();
    const page = (await cajaPage.loader(
      routeArgs("/admin/caja", database, { context: { admin, carriers } }) as never,
    )) as Awaited<ReturnType<typeof cajaPage.loader>>;
    expect(page.shipping).toMatchObject({ period, waiting: 1, sent: 0 });

    const answer = (await post(cajaPage, "/admin/caja", { intent: "create-box-shipments" })) as {
      shipments: { created: unknown[] };
    };
    expect(answer.shipments.created).toHaveLength(1);

    const labels = await get(boxLabelsRoute, `/admin/caja/etiquetas?periodo=${period}`);
    expect(labels.status).toBe(200);
    expect(labels.headers.get("Content-Disposition")).toBe(`inline; filename="etiquetas-caja-${period}.pdf"`);
    expect(await pageCount(await labels.arrayBuffer())).toBe(1);
    for (const bad of ["", "2026-13", "../../etc", "2026-1"]) {
      const refused = await get(boxLabelsRoute, `/admin/caja/etiquetas?periodo=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toBe("Indicá el mes como AAAA-MM (por ejemplo 2026-11)");
    }
    const empty = await get(boxLabelsRoute, "/admin/caja/etiquetas?periodo=2001-01");
    expect(empty.status).toBe(404);
  });
});

describe("the pages, rendered", () => {
  const context = () => routeContext(database, { admin, carriers });

  it("show the order's Envío section before, after and when the carrier refused", async () => {
    const order = await paidShippingOrder(db);
    const page = { path: "pedidos/:number", module: orderPage };
    const before = await renderAdminPage(`/admin/pedidos/${order.number}`, page, context());
    expect(before.status).toBe(200);
    expect(before.html).toContain('<h2 id="envio" class="font-serif text-xl">Envío</h2>');
    expect(before.html).toContain('aria-labelledby="envio"');
    expect(before.html).toMatch(/<button type="submit" class="[^"]*">Crear envío<\/button>/);
    expect(before.html).toContain("A domicilio");

    correo.failNext(1, "down");
    await post(orderPage, `/admin/pedidos/${order.number}`, { intent: "create-shipment" }, { number: order.number });
    const failed = await renderAdminPage(`/admin/pedidos/${order.number}`, page, context());
    expect(failed.html).toContain("Correo Argentino no respondió: probá de nuevo en unos minutos");
    expect(failed.html).toContain(">Reintentar</button>");
    expect(failed.html).toContain("No se pudo crear");
    // The dashboard names it until it is sorted out.
    const dashboard = { path: "", module: dashboardPage };
    const warned = await renderAdminPage("/admin", dashboard, context());
    expect(warned.html).toMatch(/\d+ envíos? necesita/);
    expect(warned.html).toContain(`href="/admin/pedidos/${order.number}"`);

    await post(orderPage, `/admin/pedidos/${order.number}`, { intent: "create-shipment" }, { number: order.number });
    const created = await renderAdminPage(`/admin/pedidos/${order.number}`, page, context());
    expect(created.html).toContain(`href="/admin/pedidos/${order.number}/etiqueta"`);
    expect(created.html).toContain("Imprimir etiqueta");
    expect(created.html).toContain("Etiqueta lista");
    expect(created.html).toContain("https://www.correoargentino.com.ar/formularios/e-commerce?id=CA");
    expect(created.html).toContain("Seguimiento del correo");
    expect(created.html).toContain("Envío creado en el correo");
    expect((await renderAdminPage("/admin", dashboard, context())).html).not.toContain(
      `href="/admin/pedidos/${order.number}"`,
    );
    expect(created.html).not.toContain(">Crear envío</button>");
  });

  it("show Crear envíos with its count on the orders list, disabled at none, and the box panel on /admin/caja", async () => {
    const list = await renderAdminPage("/admin/pedidos", { path: "pedidos", module: ordersPage }, context());
    expect(list.status).toBe(200);
    expect(list.html).toMatch(
      /<button type="submit" class="[^"]*" disabled="">Crear envíos<!-- --> \(<!-- -->0<!-- -->\)<\/button>/,
    );
    await paidShippingOrder(db);
    const one = await renderAdminPage("/admin/pedidos", { path: "pedidos", module: ordersPage }, context());
    expect(one.html).toContain("1 pedido pagado espera su envío.");
    expect(one.html).not.toMatch(/disabled="">Crear envíos/);

    const caja = await renderAdminPage("/admin/caja", { path: "caja", module: cajaPage }, context());
    expect(caja.status).toBe(200);
    expect(caja.html).toContain("Envíos de la caja de ");
    expect(caja.html).toContain("Crear envíos de la caja");
    expect(caja.html).toContain(`href="/admin/caja/etiquetas?periodo=${currentPeriod()}"`);
  });
});
