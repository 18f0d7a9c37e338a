import { sitemapBooks } from "~/domain/catalog/public-index.server";
import { shopCategories } from "~/domain/catalog/reference.server";
import { escapeXml } from "~/lib/html.server";
import { resource } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** The public pages besides the books and categories. */
export const SITEMAP_PAGES = [
  "/",
  "/tienda",
  "/caja-rizoma",
  "/pedidos-especiales",
  "/sobre-nosotros",
  "/audiolibros",
  "/terminos",
  "/privacidad",
  "/arrepentimiento",
] as const;

/** GET /sitemap.xml: the public pages, every category of the shop and every published book. */
export function loader({ context }: ResourceArgs) {
  return resource(context, async () => {
    const origin = context.config.publicUrl;
    const [categories, books] = await Promise.all([shopCategories(context.db), sitemapBooks(context.db)]);
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
    const lines = [
      ...SITEMAP_PAGES.map((path) => url(path)),
      ...categories.map((category) => url(`/tienda?categoria=${encodeURIComponent(category.key)}`)),
      ...books.map((book) => url(`/libro/${book.id}`, book.updatedAt)),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>\n`;
    return new Response(xml, {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  });
}
