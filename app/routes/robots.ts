import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /robots.txt: the shop is public except the admin, the JSON API and the checkout. The image
 * endpoint under /api stays crawlable, so book covers can appear in image search.
 */
export function loader({ context }: ResourceArgs) {
  const text = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /checkout",
    "Allow: /api/images/",
    "",
    `Sitemap: ${context.config.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
