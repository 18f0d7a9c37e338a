import { describe, expect, it } from "vitest";
import { isAdminApiPath, isAdminPagePath, isUnderAdmin, routedPath } from "./admin-paths";

/**
 * React Router matches paths case-insensitively and decodes escapes, so `/ADMIN/ajustes` and `/%61dmin/ajustes`
 * render Ajustes: the gate must see them as the admin's too (issue 34, item 9).
 */
describe("admin paths in any case or escaping", () => {
  it.each([
    "/ADMIN",
    "/Admin/ajustes",
    "/ADMIN/AJUSTES",
    "/admin/Libros/3",
    "/ADMIN/ajustes.data",
    "/%61dmin/ajustes",
    "/adm%49n/pedidos",
    "/x/%2e%2e/admin/ajustes",
    "/x/../admin",
    "/admin\\ajustes",
    "//admin/ajustes",
    "/admin%2Fajustes",
  ])("%s is an admin page", (path) => {
    expect(isAdminPagePath(path)).toBe(true);
    expect(isUnderAdmin(path)).toBe(true);
  });

  it.each([
    "/API/ADMIN/books",
    "/Api/Admin/books/3",
    "/api/%61dmin/books",
    "/API/Books/12/Featured",
    "/API/Caja/stats",
    "/api/qr/ADMIN/list",
    "/api/discount-codes/CREATE",
    "/api/x/%2e%2e/admin/books",
  ])("%s is an admin API", (path) => {
    expect(isAdminApiPath(path)).toBe(true);
  });

  it("still lets anyone reach the sign-in and the shop, whatever the case", () => {
    for (const path of ["/admin/login", "/ADMIN/LOGIN", "/Admin/Login/", "/admin/login.data"]) {
      expect(isAdminPagePath(path), path).toBe(false);
    }
    for (const path of ["/tienda", "/Tienda", "/libro/12", "/api/books", "/API/Books", "/administracion", "/%zz"]) {
      expect(isAdminPagePath(path), path).toBe(false);
      expect(isAdminApiPath(path), path).toBe(false);
    }
  });

  it("leaves a plain path untouched and reads an escaped one as the router does", () => {
    expect(routedPath("/admin/libros/12.data")).toBe("/admin/libros/12.data");
    expect(routedPath("/ADMIN/Libros")).toBe("/admin/libros");
    expect(routedPath("/t%C3%ADtulo/%zz")).toBe("/título/%zz");
  });
});
