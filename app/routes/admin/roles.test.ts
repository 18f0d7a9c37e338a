import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath } from "~/domain/auth/admin-paths";
import { ADMIN_ROUTE_ROLES, adminRouteFor, mayAct, roleForAction, roleForPath } from "~/domain/auth/roles";
import { resourceRoutes } from "~/resource-routes";
import pageRoutes from "~/routes";

/** Every route: React Router's pages and the resource routes Express serves. */
const routes = [...pageRoutes, ...resourceRoutes];

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ path: path || "/", file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** A concrete URL for a route pattern: params become 1, a splat becomes "x". */
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "x");

const adminRoutes = flatten(routes).filter((route) => {
  const url = concrete(route.path);
  return isAdminPagePath(url) || isAdminApiPath(url);
});

describe("every admin route declares its role", () => {
  it("each admin route of app/routes.ts is in the roles table, under its own path", () => {
    expect(adminRoutes.length).toBeGreaterThan(60);
    for (const route of adminRoutes) {
      const pattern = route.path.replace(/^\//, "");
      expect(ADMIN_ROUTE_ROLES[pattern], `${route.path} (${route.file}) declares no role`).toBeDefined();
      expect(adminRouteFor(concrete(route.path))?.pattern, `${route.path} resolves to another route`).toBe(pattern);
    }
  });

  it("the table names no route that does not exist", () => {
    const paths = new Set(flatten(routes).map((route) => route.path.replace(/^\//, "")));
    for (const pattern of Object.keys(ADMIN_ROUTE_ROLES)) expect(paths.has(pattern), pattern).toBe(true);
  });
});

describe("roles", () => {
  it("owners may do what staff may, not the reverse", () => {
    expect(mayAct("owner", "staff")).toBe(true);
    expect(mayAct("owner", "owner")).toBe(true);
    expect(mayAct("staff", "staff")).toBe(true);
    expect(mayAct("staff", "owner")).toBe(false);
  });

  it.each([
    ["/admin", "staff"],
    ["/admin/pedidos/RZ-000123", "staff"],
    ["/admin/ajustes", "owner"],
    ["/admin/ajustes/produccion", "owner"],
    ["/admin/clientes/exportar", "owner"],
    ["/admin/facturas/exportar", "owner"],
    ["/admin/libros/exportar", "staff"],
    ["/admin/libros/nuevo", "staff"],
    ["/admin/descuentos", "owner"],
    ["/admin/no-existe", "staff"],
    ["/api/admin/settings/bank", "owner"],
    ["/api/admin/orders/RZ-000123/cancel", "owner"],
    ["/api/admin/orders/RZ-000123/confirm-payment", "staff"],
    ["/api/admin/withdrawals/3/refund", "owner"],
    ["/api/admin/withdrawals/3/books-returned", "staff"],
    ["/api/discount-codes/42", "owner"],
    ["/api/admin/newsletter/export", "owner"],
    ["/api/qr/admin/winners/export", "owner"],
  ] as const)("%s needs %s", (path, role) => {
    expect(roleForPath(path)).toBe(role);
  });

  it("is not fooled by case, a trailing slash or React Router's data requests", () => {
    expect(roleForPath("/ADMIN/Ajustes")).toBe("owner");
    expect(roleForPath("/admin/ajustes/")).toBe("owner");
    expect(roleForPath("/admin/ajustes.data")).toBe("owner");
    expect(roleForPath("/Api/Admin/Settings")).toBe("owner");
    expect(roleForPath("/%61dmin/ajustes")).toBe("owner");
    expect(roleForPath("/admin/libros/../ajustes")).toBe("owner");
    expect(roleForPath("/tienda")).toBeNull();
  });

  it("a page's owner-only intents are declared with it", () => {
    const detail = ADMIN_ROUTE_ROLES["admin/pedidos/:number"];
    if (!detail) throw new Error("missing");
    expect(roleForAction(detail, "confirm")).toBe("staff");
    expect(roleForAction(detail, "withdrawal-refund")).toBe("owner");
    expect(roleForAction(detail, "cancel")).toBe("owner");
  });
});
