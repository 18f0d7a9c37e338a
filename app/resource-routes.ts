import type { ResourceModule } from "~/lib/resource-route";

/**
 * Resource routes: the URLs that answer JSON, files, feeds or redirects and render no page. Express serves
 * them (server/resource-routes.ts) before React Router's handler, so React Router's route table
 * (app/routes.ts) holds only pages, and each page request matches against that smaller table
 * (docs/decisions/0058-resource-routes-in-express.md). The paths are written and matched as React Router
 * would: case-insensitive, `:param` segments, a trailing `*` splat, static segments ranked above dynamic
 * ones. Nothing a page reaches through React Router (a fetcher, `<Form action>`, `useSubmit`, a `<Link>`)
 * may point here: those need the route in React Router's manifest. Plain `<form>` posts and `<a>` links work.
 *
 * `file` names the module as app/routes.ts would (tests walk both tables); `load` imports it.
 */
export interface ResourceRoute {
  path: string;
  file: string;
  id?: string;
  load: () => Promise<ResourceModule>;
}

export const resourceRoutes: ResourceRoute[] = [
  {
    path: "pedido/:number/factura/:invoiceId",
    file: "routes/pedido-factura.ts",
    load: () => import("./routes/pedido-factura"),
  },
  { path: "cuenta/datos", file: "routes/cuenta/datos.ts", load: () => import("./routes/cuenta/datos") },
  {
    path: "recibo/:number/factura/:invoiceId",
    file: "routes/recibo-factura.ts",
    load: () => import("./routes/recibo-factura"),
  },
  { path: "sitemap.xml", file: "routes/sitemap.ts", load: () => import("./routes/sitemap") },
  { path: "robots.txt", file: "routes/robots.ts", load: () => import("./routes/robots") },
  {
    path: "datos-fiscales-qr.svg",
    file: "routes/datos-fiscales-qr.ts",
    load: () => import("./routes/datos-fiscales-qr"),
  },
  {
    path: "admin/facturas/:id/pdf",
    file: "routes/admin/facturas/pdf.ts",
    load: () => import("./routes/admin/facturas/pdf"),
  },
  {
    path: "admin/facturas/exportar",
    file: "routes/admin/facturas/exportar.ts",
    load: () => import("./routes/admin/facturas/exportar"),
  },
  {
    path: "admin/clientes/exportar",
    file: "routes/admin/clientes/exportar.ts",
    load: () => import("./routes/admin/clientes/exportar"),
  },
  {
    path: "admin/reportes/exportar",
    file: "routes/admin/reportes/exportar.ts",
    load: () => import("./routes/admin/reportes/exportar"),
  },
  {
    path: "admin/libros/exportar",
    file: "routes/admin/libros/exportar.ts",
    load: () => import("./routes/admin/libros/exportar"),
  },
  {
    path: "api/admin/books/import",
    file: "routes/api/admin/books-import.ts",
    load: () => import("./routes/api/admin/books-import"),
  },
  {
    path: "admin/pedidos/:number/etiqueta",
    file: "routes/admin/pedidos/etiqueta.ts",
    load: () => import("./routes/admin/pedidos/etiqueta"),
  },
  {
    path: "admin/envios/etiquetas",
    file: "routes/admin/envios/etiquetas.ts",
    load: () => import("./routes/admin/envios/etiquetas"),
  },
  {
    path: "admin/caja/etiquetas",
    file: "routes/admin/caja/etiquetas.ts",
    load: () => import("./routes/admin/caja/etiquetas"),
  },
  { path: "api/auth/login", file: "routes/api/auth-login.ts", load: () => import("./routes/api/auth-login") },
  { path: "api/auth/logout", file: "routes/api/auth-logout.ts", load: () => import("./routes/api/auth-logout") },
  { path: "api/auth/me", file: "routes/api/auth-me.ts", load: () => import("./routes/api/auth-me") },
  {
    path: "api/auth/passkey/options",
    file: "routes/api/auth-passkey-options.ts",
    load: () => import("./routes/api/auth-passkey-options"),
  },
  {
    path: "api/auth/passkey/verify",
    file: "routes/api/auth-passkey-verify.ts",
    load: () => import("./routes/api/auth-passkey-verify"),
  },
  {
    path: "api/admin/passkeys/options",
    file: "routes/api/admin/passkeys-options.ts",
    load: () => import("./routes/api/admin/passkeys-options"),
  },
  {
    path: "api/admin/passkeys/register",
    file: "routes/api/admin/passkeys-register.ts",
    load: () => import("./routes/api/admin/passkeys-register"),
  },
  {
    path: "api/admin/passkeys/step-up/options",
    file: "routes/api/admin/passkeys-step-up-options.ts",
    load: () => import("./routes/api/admin/passkeys-step-up-options"),
  },
  {
    path: "api/admin/passkeys/step-up",
    file: "routes/api/admin/passkeys-step-up.ts",
    load: () => import("./routes/api/admin/passkeys-step-up"),
  },
  {
    path: "api/admin/expenses",
    file: "routes/api/admin/expenses.ts",
    load: () => import("./routes/api/admin/expenses"),
  },
  {
    path: "api/admin/expenses/export",
    file: "routes/api/admin/expenses-export.ts",
    load: () => import("./routes/api/admin/expenses-export"),
  },
  {
    path: "api/admin/expenses/:id",
    file: "routes/api/admin/expense.ts",
    load: () => import("./routes/api/admin/expense"),
  },
  {
    path: "api/admin/settings",
    file: "routes/api/admin/settings.ts",
    load: () => import("./routes/api/admin/settings"),
  },
  {
    path: "api/admin/settings/:section",
    file: "routes/api/admin/settings-section.ts",
    load: () => import("./routes/api/admin/settings-section"),
  },
  {
    path: "api/admin/tiendanube/sync",
    file: "routes/api/admin/tiendanube-sync.ts",
    load: () => import("./routes/api/admin/tiendanube-sync"),
  },
  {
    path: "api/admin/newsletter/subscribers",
    file: "routes/api/admin/newsletter-subscribers.ts",
    load: () => import("./routes/api/admin/newsletter-subscribers"),
  },
  {
    path: "api/admin/newsletter/export",
    file: "routes/api/admin/newsletter-export.ts",
    load: () => import("./routes/api/admin/newsletter-export"),
  },
  { path: "api/admin/mail", file: "routes/api/admin/mail.ts", load: () => import("./routes/api/admin/mail") },
  {
    path: "api/admin/mail/:id",
    file: "routes/api/admin/mail-message.ts",
    load: () => import("./routes/api/admin/mail-message"),
  },
  {
    path: "api/admin/mail/:id/eml",
    file: "routes/api/admin/mail-eml.ts",
    load: () => import("./routes/api/admin/mail-eml"),
  },
  {
    path: "api/admin/mail/:id/retry",
    file: "routes/api/admin/mail-retry.ts",
    load: () => import("./routes/api/admin/mail-retry"),
  },
  { path: "api/qr/admin/list", file: "routes/api/qr/admin-list.ts", load: () => import("./routes/api/qr/admin-list") },
  {
    path: "api/qr/admin/winners",
    file: "routes/api/qr/admin-winners.ts",
    load: () => import("./routes/api/qr/admin-winners"),
  },
  {
    path: "api/qr/admin/winners/export",
    file: "routes/api/qr/admin-winners-export.ts",
    load: () => import("./routes/api/qr/admin-winners-export"),
  },
  {
    path: "api/qr/admin/create",
    file: "routes/api/qr/admin-create.ts",
    load: () => import("./routes/api/qr/admin-create"),
  },
  {
    path: "api/qr/admin/image/:file",
    file: "routes/api/qr/admin-image.ts",
    load: () => import("./routes/api/qr/admin-image"),
  },
  { path: "api/qr/check/:code", file: "routes/api/qr/check.ts", load: () => import("./routes/api/qr/check") },
  { path: "api/qr/claim/:code", file: "routes/api/qr/claim.ts", load: () => import("./routes/api/qr/claim") },
  {
    path: "api/admin/carousel",
    file: "routes/api/admin/carousel.ts",
    load: () => import("./routes/api/admin/carousel"),
  },
  { path: "api/admin/books", file: "routes/api/admin/books.ts", load: () => import("./routes/api/admin/books") },
  { path: "api/admin/books/:id", file: "routes/api/admin/book.ts", load: () => import("./routes/api/admin/book") },
  { path: "api/admin/isbn/:isbn", file: "routes/api/admin/isbn.ts", load: () => import("./routes/api/admin/isbn") },
  { path: "api/admin/uploads", file: "routes/api/admin/uploads.ts", load: () => import("./routes/api/admin/uploads") },
  { path: "uploads/:file", file: "routes/uploads.ts", load: () => import("./routes/uploads") },
  {
    path: "api/books/:id/featured",
    file: "routes/api/admin/book-featured.ts",
    load: () => import("./routes/api/admin/book-featured"),
  },
  { path: "api/books", file: "routes/api/books.ts", load: () => import("./routes/api/books") },
  { path: "api/autores", file: "routes/api/authors.ts", load: () => import("./routes/api/authors") },
  {
    path: "api/featured-books",
    file: "routes/api/featured-books.ts",
    load: () => import("./routes/api/featured-books"),
  },
  {
    path: "api/tienda-nube/products",
    file: "routes/api/store-products.ts",
    load: () => import("./routes/api/store-products"),
  },
  {
    path: "api/tienda-nube/products/:id",
    file: "routes/api/store-product.ts",
    load: () => import("./routes/api/store-product"),
  },
  {
    path: "api/validate-cart-stock",
    file: "routes/api/validate-cart-stock.ts",
    load: () => import("./routes/api/validate-cart-stock"),
  },
  { path: "api/orders", file: "routes/api/orders.ts", load: () => import("./routes/api/orders") },
  { path: "api/orders/:number", file: "routes/api/order.ts", load: () => import("./routes/api/order") },
  {
    path: "api/shipping/quote",
    file: "routes/api/shipping-quote.ts",
    load: () => import("./routes/api/shipping-quote"),
  },
  { path: "api/admin/orders", file: "routes/api/admin/orders.ts", load: () => import("./routes/api/admin/orders") },
  {
    path: "api/admin/customers",
    file: "routes/api/admin/customers.ts",
    load: () => import("./routes/api/admin/customers"),
  },
  {
    path: "api/admin/orders/:number",
    file: "routes/api/admin/order.ts",
    id: "api-admin-order",
    load: () => import("./routes/api/admin/order"),
  },
  {
    path: "api/admin/orders/:number/:action",
    file: "routes/api/admin/order.ts",
    id: "api-admin-order-action",
    load: () => import("./routes/api/admin/order"),
  },
  {
    path: "api/admin/withdrawals",
    file: "routes/api/admin/withdrawals.ts",
    id: "api-admin-withdrawals",
    load: () => import("./routes/api/admin/withdrawals"),
  },
  {
    path: "api/admin/withdrawals/:id/:action",
    file: "routes/api/admin/withdrawals.ts",
    id: "api-admin-withdrawal-action",
    load: () => import("./routes/api/admin/withdrawals"),
  },
  {
    path: "api/admin/invoices",
    file: "routes/api/admin/invoices.ts",
    load: () => import("./routes/api/admin/invoices"),
  },
  {
    path: "api/admin/invoices/:id/retry",
    file: "routes/api/admin/invoice-retry.ts",
    load: () => import("./routes/api/admin/invoice-retry"),
  },
  {
    path: "api/webhooks/tiendanube",
    file: "routes/api/webhooks/tiendanube.ts",
    load: () => import("./routes/api/webhooks/tiendanube"),
  },
  {
    path: "api/webhooks/mercadopago",
    file: "routes/api/webhooks/mercadopago.ts",
    load: () => import("./routes/api/webhooks/mercadopago"),
  },
  {
    path: "api/caja/subscribe",
    file: "routes/api/caja/subscribe.ts",
    load: () => import("./routes/api/caja/subscribe"),
  },
  { path: "api/caja/stats", file: "routes/api/caja/stats.ts", load: () => import("./routes/api/caja/stats") },
  {
    path: "api/caja/subscriptions",
    file: "routes/api/caja/subscriptions.ts",
    load: () => import("./routes/api/caja/subscriptions"),
  },
  {
    path: "api/caja/subscriptions/:id/status",
    file: "routes/api/caja/subscription-status.ts",
    load: () => import("./routes/api/caja/subscription-status"),
  },
  {
    path: "api/caja/bulk-email",
    file: "routes/api/caja/bulk-email.ts",
    load: () => import("./routes/api/caja/bulk-email"),
  },
  {
    path: "api/caja/bulk-email/:campaign",
    file: "routes/api/caja/bulk-email-progress.ts",
    load: () => import("./routes/api/caja/bulk-email-progress"),
  },
  { path: "api/caja/baja", file: "routes/api/caja/baja.ts", load: () => import("./routes/api/caja/baja") },
  {
    path: "api/caja/baja/confirmar",
    file: "routes/api/caja/baja-confirmar.ts",
    load: () => import("./routes/api/caja/baja-confirmar"),
  },
  {
    path: "api/admin/caja/plans/:id",
    file: "routes/api/admin/caja-plan.ts",
    load: () => import("./routes/api/admin/caja-plan"),
  },
  {
    path: "api/newsletter/subscribe",
    file: "routes/api/newsletter-subscribe.ts",
    load: () => import("./routes/api/newsletter-subscribe"),
  },
  {
    path: "api/discount-codes/admin",
    file: "routes/api/discount-codes/admin.ts",
    load: () => import("./routes/api/discount-codes/admin"),
  },
  {
    path: "api/discount-codes/stats",
    file: "routes/api/discount-codes/stats.ts",
    load: () => import("./routes/api/discount-codes/stats"),
  },
  {
    path: "api/discount-codes/create",
    file: "routes/api/discount-codes/create.ts",
    load: () => import("./routes/api/discount-codes/create"),
  },
  {
    path: "api/discount-codes/validate",
    file: "routes/api/discount-codes/validate.ts",
    load: () => import("./routes/api/discount-codes/validate"),
  },
  {
    path: "api/discount-codes/:id",
    file: "routes/api/discount-codes/code.ts",
    load: () => import("./routes/api/discount-codes/code"),
  },
  {
    path: "api/special-orders",
    file: "routes/api/special-orders.ts",
    load: () => import("./routes/api/special-orders"),
  },
  { path: "api/cuenta/codigo", file: "routes/api/cuenta-codigo.ts", load: () => import("./routes/api/cuenta-codigo") },
  {
    path: "api/cuenta/ingresar",
    file: "routes/api/cuenta-ingresar.ts",
    load: () => import("./routes/api/cuenta-ingresar"),
  },
  { path: "api/cuenta/salir", file: "routes/api/cuenta-salir.ts", load: () => import("./routes/api/cuenta-salir") },
  {
    path: "api/cuenta/pedidos",
    file: "routes/api/cuenta-pedidos.ts",
    load: () => import("./routes/api/cuenta-pedidos"),
  },
  { path: "api/stock-alerts", file: "routes/api/stock-alerts.ts", load: () => import("./routes/api/stock-alerts") },
  {
    path: "api/cuenta/recordatorio",
    file: "routes/api/cuenta-recordatorio.ts",
    load: () => import("./routes/api/cuenta-recordatorio"),
  },
  {
    path: "api/arrepentimiento",
    file: "routes/api/arrepentimiento.ts",
    load: () => import("./routes/api/arrepentimiento"),
  },
  {
    path: "api/admin/special-orders",
    file: "routes/api/admin/special-orders.ts",
    load: () => import("./routes/api/admin/special-orders"),
  },
  {
    path: "api/admin/special-orders/:id",
    file: "routes/api/admin/special-order.ts",
    load: () => import("./routes/api/admin/special-order"),
  },
  {
    path: "api/admin/special-orders/:id/replies",
    file: "routes/api/admin/special-order-replies.ts",
    load: () => import("./routes/api/admin/special-order-replies"),
  },
  { path: "api/admin/ventas", file: "routes/api/admin/ventas.ts", load: () => import("./routes/api/admin/ventas") },
  {
    path: "api/admin/ventas/catalogo",
    file: "routes/api/admin/ventas-catalogo.ts",
    load: () => import("./routes/api/admin/ventas-catalogo"),
  },
  {
    path: "api/admin/ventas/:number",
    file: "routes/api/admin/venta.ts",
    load: () => import("./routes/api/admin/venta"),
  },
  {
    path: "api/admin/ventas/:number/cancelar",
    file: "routes/api/admin/venta-cancelar.ts",
    load: () => import("./routes/api/admin/venta-cancelar"),
  },
  { path: "api/admin/ferias", file: "routes/api/admin/ferias.ts", load: () => import("./routes/api/admin/ferias") },
  { path: "api/*", file: "routes/api/not-found.ts", load: () => import("./routes/api/not-found") },
];
