import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/shop-layout.tsx", [
    index("routes/home.tsx"),
    route("tienda", "routes/tienda.tsx"),
    route("libro/:id", "routes/libro.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("carousel", "routes/admin/carousel.tsx"),
    route("libros", "routes/admin/libros/list.tsx"),
    route("libros/nuevo", "routes/admin/libros/new.tsx"),
    route("libros/:id", "routes/admin/libros/edit.tsx"),
    // expenses pages (helper)
    // settings pages (helper)
    route("*", "routes/admin/not-found.tsx"),
  ]),
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/logout", "routes/api/auth-logout.ts"),
  route("api/auth/me", "routes/api/auth-me.ts"),
  route("api/admin/carousel", "routes/api/admin/carousel.ts"),
  route("api/admin/books", "routes/api/admin/books.ts"),
  route("api/admin/books/:id", "routes/api/admin/book.ts"),
  route("api/admin/uploads", "routes/api/admin/uploads.ts"),
  route("uploads/:file", "routes/uploads.ts"),
  // expenses api (helper)
  // settings api (helper)
  route("api/books/:id/featured", "routes/api/admin/book-featured.ts"),
  route("api/books", "routes/api/books.ts"),
  route("api/featured-books", "routes/api/featured-books.ts"),
  route("api/tienda-nube/products", "routes/api/store-products.ts"),
  route("api/tienda-nube/products/:id", "routes/api/store-product.ts"),
  route("api/validate-cart-stock", "routes/api/validate-cart-stock.ts"),
  route("api/*", "routes/api/not-found.ts"),
] satisfies RouteConfig;
