import { lazy, Suspense, useEffect } from "react";
import { data, useLocation } from "react-router";
import type { SectionNavigationState } from "~/components/layout/section-link";
import { homePage } from "~/domain/storefront/home-page.server";
import { PARTIAL_PAGE_HEADERS } from "~/lib/page-parts.server";
import { ANCHOR_SCROLL_DELAY_MS, isHomeSection, scrollToSection } from "~/lib/scroll";
import { absoluteUrl, layoutTransferDiscount, publicOrigin, SHOP_NAME, seoMeta, shopDescription } from "~/lib/seo";
import { itemListJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";

/**
 * Progressive hydration of the carousel and of the sections after it: on the server they render with the
 * page (complete HTML, also without JavaScript); in the browser each one's code is a separate chunk,
 * requested as hydration starts, and React hydrates it when it arrives. Keeps the home's first load
 * (scripts the HTML references) inside its budget (tests/e2e/bundle-budget.test.ts).
 */
const HomeCarousel = import.meta.env.SSR
  ? (await import("~/components/home/home-carousel")).HomeCarousel
  : lazy(() => import("~/components/home/home-carousel").then((module) => ({ default: module.HomeCarousel })));
const HomeSections = import.meta.env.SSR
  ? (await import("~/components/home/home-sections")).default
  : lazy(() => import("~/components/home/home-sections"));

/** A failing featured or new-arrivals query leaves its section empty (see homePage); the page is then not cached. */
export async function loader({ context }: Route.LoaderArgs) {
  const { page, partial } = await homePage(context);
  return data(page, partial ? { headers: PARTIAL_PAGE_HEADERS } : undefined);
}

/** A partial page (see the loader) carries its no-cache header. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Structured data lists the home's first 10 books, in the order they appear: the carousel's, then the new ones. */
const ITEM_LIST_SIZE = 10;

type Shown = { id: number; title: string };

function homeBooks(data: { carousel: { featured: Shown[] }; arrivals: Shown[] }): Shown[] {
  const byId = new Map<number, Shown>();
  for (const book of [...data.carousel.featured, ...data.arrivals]) if (!byId.has(book.id)) byId.set(book.id, book);
  return [...byId.values()].slice(0, ITEM_LIST_SIZE);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const origin = publicOrigin(matches);
  const url = absoluteUrl(origin, "/");
  const contact = data?.contact;
  const store = {
    "@context": "https://schema.org",
    "@type": ["BookStore", "Organization"],
    "@id": `${url}#rizoma`,
    name: SHOP_NAME,
    description: shopDescription(layoutTransferDiscount(matches)),
    url,
    logo: absoluteUrl(origin, "/favicon.svg"),
    currenciesAccepted: "ARS",
    paymentAccepted: "Transferencia bancaria, Mercado Pago, tarjeta de crédito y débito",
    areaServed: { "@type": "Country", name: "Argentina" },
    ...(contact
      ? {
          email: contact.email,
          telephone: contact.whatsapp,
          address: { "@type": "PostalAddress", streetAddress: contact.address, addressCountry: "AR" },
        }
      : {}),
    hasMerchantReturnPolicy: {
      "@type": "MerchantReturnPolicy",
      applicableCountry: "AR",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnFees: "https://schema.org/FreeReturn",
      returnMethod: "https://schema.org/ReturnByMail",
    },
  };
  const books = data
    ? itemListJsonLd(
        homeBooks(data).map((book) => ({ name: book.title, url: absoluteUrl(origin, `/libro/${book.id}`) })),
      )
    : null;
  return seoMeta({ url, matches, jsonLd: books ? [store, books] : [store] });
};

/**
 * A section link from another page arrives here with state; scroll there ~100 ms after arriving. The
 * sections after the carousel may still be loading their chunk: then try again every 100 ms (for 5 s).
 */
function useScrollToSectionOnArrival() {
  const location = useLocation();
  useEffect(() => {
    const section = (location.state as SectionNavigationState | null)?.section;
    if (!section || !isHomeSection(section)) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      if (scrollToSection(section) || ++tries >= 50) return;
      timer = setTimeout(attempt, ANCHOR_SCROLL_DELAY_MS);
    };
    timer = setTimeout(attempt, ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.state]);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { carousel, arrivals, categories, titles, contact, shipping } = loaderData;
  useScrollToSectionOnArrival();
  return (
    <main id="contenido" className="flex-1">
      {/* Before hydration this is server HTML; the fallback only shows on a client-side visit. */}
      <Suspense fallback={<div className="min-h-[28rem] bg-moss-dark" />}>
        <HomeCarousel data={carousel} />
      </Suspense>
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeSections
          titles={titles}
          categories={categories}
          arrivals={arrivals}
          boxMonthlyCents={carousel.boxMonthlyCents}
          boxMonthlyNetCents={carousel.boxMonthlyNetCents}
          contact={contact}
          shipping={shipping}
        />
      </Suspense>
    </main>
  );
}
