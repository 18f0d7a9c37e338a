import { sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prizeClaims, qrCodes } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { renderAdminPage } from "../../../tests/support/render-page";
import { routeContext } from "../../../tests/support/route-context";
import * as carousel from "./carousel";
import * as bookEdit from "./libros/edit";
import * as booksList from "./libros/list";
import * as qr from "./qr";

const { database, db, admin } = await adminTestDatabase({
  catalogue: true,
  admin: { id: 1, email: "panel@rizoma.com.ar", role: "owner" },
});

beforeAll(async () => {
  const [code] = await db.insert(qrCodes).values({ code: "PREMIO1", bookTitle: "Facundo" }).returning();
  if (!code) throw new Error("no code");
  await db.insert(prizeClaims).values({
    qrCodeId: code.id,
    name: "Marta Gómez",
    email: "marta@example.com",
    dni: "30123456",
    phone: "1155551234",
  });
});

/** A request's context whose logger remembers what was logged as an error. */
function adminContext() {
  const logged: unknown[] = [];
  const log = { error: vi.fn((entry: unknown) => logged.push(entry)), warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
  const context = routeContext(database, { admin, log: log as unknown as AppLoadContext["log"] });
  return { context, logged };
}

/**
 * Runs `test` while the database answers one query with an error, as a real failure would (the statement
 * names a table or column that is not there), then puts things back.
 */
async function whileBroken(broken: string, restore: string, test: () => Promise<void>) {
  await db.execute(sql.raw(broken));
  try {
    await test();
  } finally {
    await db.execute(sql.raw(restore));
  }
}

/** The page's visible text, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const shellKept = (html: string) => {
  expect(html).toContain('aria-label="Secciones del panel"');
  expect(text(html)).toContain("Cerrar sesión");
  expect(text(html)).toContain(admin.email);
};

const booksPage = { path: "libros", module: booksList };
const carouselPage = { path: "carousel", module: carousel };
const qrPage = { path: "qr", module: qr };

describe("admin pages whose data fails to load", () => {
  it("the book list says 'Error al cargar libros' and keeps its search and filters", async () => {
    const healthy = await renderAdminPage("/admin/libros?buscar=facundo", booksPage, adminContext().context);
    expect(text(healthy.html)).toContain("Facundo");
    expect(text(healthy.html)).not.toContain("Error al cargar libros");

    await whileBroken("ALTER TABLE books RENAME TO books_gone", "ALTER TABLE books_gone RENAME TO books", async () => {
      const { context, logged } = adminContext();
      const page = await renderAdminPage("/admin/libros?buscar=facundo", booksPage, context);
      expect(page.status).toBe(200);
      expect(text(page.html)).toContain("Error al cargar libros");
      expect(page.html).toContain('value="facundo"');
      expect(text(page.html)).toContain("Sin stock");
      shellKept(page.html);
      expect(logged).toEqual([expect.objectContaining({ part: "admin books", requestId: "test" })]);
    });
  });

  it("the carousel says 'No se pudieron cargar los libros' and offers no stale forms", async () => {
    await whileBroken("ALTER TABLE books RENAME TO books_gone", "ALTER TABLE books_gone RENAME TO books", async () => {
      const { context, logged } = adminContext();
      const page = await renderAdminPage("/admin/carousel", carouselPage, context);
      expect(page.status).toBe(200);
      expect(text(page.html)).toContain("No se pudieron cargar los libros");
      expect(text(page.html)).not.toContain("Reordenar");
      expect(text(page.html)).not.toContain("Agregar");
      shellKept(page.html);
      expect(logged).toEqual([expect.objectContaining({ part: "carousel books" })]);
    });
    const healthy = await renderAdminPage("/admin/carousel", carouselPage, adminContext().context);
    expect(text(healthy.html)).toContain("En el carrusel");
    expect(text(healthy.html)).not.toContain("No se pudieron cargar los libros");
  });

  it("QR: failed winners leave the codes, and failed codes leave the winners", async () => {
    await whileBroken(
      "ALTER TABLE prize_claims RENAME TO prize_claims_gone",
      "ALTER TABLE prize_claims_gone RENAME TO prize_claims",
      async () => {
        const { context, logged } = adminContext();
        const winners = await renderAdminPage("/admin/qr?tab=ganadores", qrPage, context);
        expect(text(winners.html)).toContain("No se pudieron cargar los ganadores");
        expect(text(winners.html)).toContain("Códigos QR (1)");
        shellKept(winners.html);
        const codes = await renderAdminPage("/admin/qr?tab=codigos", qrPage, context);
        expect(text(codes.html)).toContain("PREMIO1");
        expect(text(codes.html)).not.toContain("No se pudieron cargar");
        expect(logged).toEqual([
          expect.objectContaining({ part: "qr winners" }),
          expect.objectContaining({ part: "qr winners" }),
        ]);
      },
    );

    await whileBroken(
      "ALTER TABLE qr_codes RENAME COLUMN description TO description_gone",
      "ALTER TABLE qr_codes RENAME COLUMN description_gone TO description",
      async () => {
        const { context, logged } = adminContext();
        const codes = await renderAdminPage("/admin/qr?tab=codigos&ver=PREMIO1", qrPage, context);
        expect(text(codes.html)).toContain("No se pudieron cargar los códigos QR");
        expect(text(codes.html)).toContain("Ganadores (1)");
        expect(codes.html).not.toContain('role="dialog"');
        shellKept(codes.html);
        const winners = await renderAdminPage("/admin/qr?tab=ganadores", qrPage, context);
        expect(text(winners.html)).toContain("Marta Gómez");
        expect(logged).toEqual([
          expect.objectContaining({ part: "qr codes" }),
          expect.objectContaining({ part: "qr codes" }),
        ]);
      },
    );
  });

  it("an unexpected error in a page renders in the admin shell, with a Spanish message", async () => {
    const failing = {
      loader: () => {
        throw new Error("se cayó algo");
      },
      default: () => null,
    };
    const page = await renderAdminPage("/admin/roto", { path: "roto", module: failing }, adminContext().context);
    expect(page.status).toBe(500);
    expect(text(page.html)).toContain("Algo salió mal");
    expect(text(page.html)).toContain("Tuvimos un problema para mostrar esta sección del panel.");
    expect(text(page.html)).not.toContain("se cayó algo");
    shellKept(page.html);
  });

  it("a page that answers 404 (a book that does not exist) says so inside the admin shell", async () => {
    const page = await renderAdminPage(
      "/admin/libros/999999",
      { path: "libros/:id", module: bookEdit },
      adminContext().context,
    );
    expect(page.status).toBe(404);
    expect(text(page.html)).toContain("404 — Página no encontrada");
    expect(text(page.html)).not.toContain("Algo salió mal");
    shellKept(page.html);
  });
});
