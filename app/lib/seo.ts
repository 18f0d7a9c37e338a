export const SHOP_NAME = "Rizoma";
export const DEFAULT_TITLE = "Rizoma — Librería y editorial independiente";
export const DEFAULT_DESCRIPTION =
  "Librería y editorial independiente de Buenos Aires: literatura, filosofía, arte y novela gráfica. Retiro y envío gratis en CABA, 15% off por transferencia y la Caja Rizoma todos los meses.";

/** "<page> | Rizoma", or the shop's default title. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${SHOP_NAME}` : DEFAULT_TITLE;
}

export function seoMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  noIndex = false,
}: {
  title?: string;
  description?: string;
  noIndex?: boolean;
}) {
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:locale", content: "es_AR" },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
