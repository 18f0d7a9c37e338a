import { isRouteErrorResponse, Link, Outlet, useRouteLoaderData } from "react-router";
import { CartButton } from "~/components/cart/cart-button";
import { DemoBanner } from "~/components/layout/demo-banner";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { ServerErrorPage } from "~/components/layout/server-error-page";
import { type FooterContact, SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { User } from "~/components/ui/icons/user";
import { wishlistIds } from "~/domain/accounts/wishlist.server";
import { instalmentsOffered } from "~/domain/payments/instalments.server";
import { whatsappLink } from "~/domain/settings/argentina";
import { footerFiscal } from "~/domain/settings/fiscal.server";
import { publicSettings } from "~/domain/settings/public-settings.server";
import { effectiveStoreUrl } from "~/domain/settings/settings.server";
import type { Route } from "./+types/shop-layout";

/**
 * The footer's contact data comes from the settings (/admin/ajustes), on every shop page. `publicUrl`
 * lets every page's meta build canonical URLs (see publicOrigin in ~/lib/seo). The header's IR A TIENDA
 * opens the external store (TIENDANUBE_STORE_URL, else the saved one). A demo shop shows its banner
 * (leaving demo mode clears the page cache, so no cached page keeps it). The footer also shows the seller's
 * identity ("Datos fiscales"; saving settings clears the page cache too). The settings and the mode come
 * from memory (public-settings.server.ts); only a signed-in reader's hearts are read per request.
 * `instalments`: whether Mercado Pago takes payments now, so that its offer and its instalments' CFTEA are
 * advertised only then (it changes with the credentials or the demo mode, whose change clears the cache).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [{ sections, mode }, wishlist] = await Promise.all([
    publicSettings(context.db),
    context.customer ? wishlistIds(context.db, context.customer.email) : [],
  ]);
  const { contact: shown, store, bank, fiscal } = sections;
  const { address, hours, whatsapp, email } = shown;
  const contact: FooterContact = { address, hours, whatsapp, whatsappUrl: whatsappLink(whatsapp), email };
  const storeUrl = effectiveStoreUrl(context.config.storeUrl, store);
  return {
    contact,
    fiscal: footerFiscal(fiscal),
    publicUrl: context.config.publicUrl,
    storeUrl,
    demo: mode === "demo",
    // Every text that names the transfer discount (useTransferDiscountPercent, meta descriptions).
    transferDiscountPercent: bank.transferDiscountPercent,
    // Mercado Pago's offer and its instalments (useInstalmentsOffered): only while it takes payments.
    instalments: instalmentsOffered(context.mercadoPago, mode),
    customerEmail: context.customer?.email ?? null,
    // The signed-in reader's "Quiero leerlo" book ids (the hearts); [] for visitors, so cached pages match.
    wishlist,
  };
}

function Frame({ children }: { children: React.ReactNode }) {
  // In the error boundary too: a child page's error still has this layout's data (null if this loader failed).
  const layout = useRouteLoaderData<typeof loader>("routes/shop-layout");
  const contact = layout?.contact ?? null;
  return (
    <>
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Saltar al contenido
      </a>
      {layout?.demo ? <DemoBanner /> : null}
      <SiteHeader
        actions={
          <>
            <Link
              to="/cuenta"
              aria-label="Mi cuenta"
              data-testid="account-link"
              className="inline-flex items-center rounded p-2 hover:bg-white/10"
            >
              <User aria-hidden="true" className="size-6" />
            </Link>
            <CartButton />
          </>
        }
        storeUrl={layout?.storeUrl ?? null}
      />
      {children}
      <SiteFooter
        contact={contact}
        fiscal={layout?.fiscal ?? null}
        transferDiscountPercent={layout?.transferDiscountPercent ?? 0}
      />
    </>
  );
}

export default function ShopLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Errors in any shop page keep the header and footer, so the visitor can always move on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Frame>{notFound ? <NotFoundPage /> : <ServerErrorPage />}</Frame>;
}
