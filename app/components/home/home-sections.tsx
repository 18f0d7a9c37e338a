import type { CardBook } from "~/components/book/book-card";
import { AboutSection } from "./about-section";
import { BoxSection } from "./box-section";
import { HomeSearch } from "./home-search";
import { Intro } from "./intro";
import { NewArrivals } from "./new-arrivals";
import { NewsletterSection } from "./newsletter-section";
import { SellingPoints } from "./selling-points";
import { type ShippingInfo, ShippingSection } from "./shipping-section";
import { SpecialOrders } from "./special-orders";
import { type CategoryCard, StoreSection } from "./store-section";
import type { HomeContact } from "./types";

export interface HomeSectionsProps {
  /** The catalogue size, as '+N títulos'. */
  titles: string;
  categories: CategoryCard[];
  /** With each cover's content version (immutable image URLs). */
  arrivals: CardBook[];
  boxMonthlyCents: number;
  boxMonthlyNetCents: number;
  contact: HomeContact;
  shipping: ShippingInfo;
}

/**
 * The home's sections after the carousel, in the spec's order. The server renders them with the page;
 * the browser loads their code as a separate chunk and hydrates them when it arrives (see
 * routes/home.tsx), so the carousel is interactive sooner and the first-load JavaScript stays small.
 */
export default function HomeSections({
  titles,
  categories,
  arrivals,
  boxMonthlyCents,
  boxMonthlyNetCents,
  contact,
  shipping,
}: HomeSectionsProps) {
  return (
    <>
      <Intro />
      <SellingPoints titles={titles} />
      <HomeSearch />
      <StoreSection categories={categories} />
      <NewArrivals books={arrivals} />
      <AboutSection />
      <BoxSection monthlyCents={boxMonthlyCents} netCents={boxMonthlyNetCents} />
      <SpecialOrders contact={contact} />
      <ShippingSection info={shipping} />
      <NewsletterSection />
    </>
  );
}
