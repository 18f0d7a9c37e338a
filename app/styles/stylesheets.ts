// The two stylesheets' content-hashed addresses (Vite's `?url`: the client build writes each once to
// build/client/assets, served immutable). The storefront's is linked by root.tsx, the admin's by the
// admin's routes (`adminStylesheet` in their `links`), so React Router also waits for it before showing
// an admin page after a client-side navigation.
import adminHref from "./admin.css?url";
import shopHref from "./shop.css?url";

export const shopStylesheetHref: string = shopHref;

export const adminStylesheet = { rel: "stylesheet", href: adminHref } as const;
