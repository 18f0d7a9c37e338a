import type { BankDetails } from "./transfer-modal";

/** A featured book as the carousel shows it (only what the slide paints). */
export interface SlideBook {
  id: number;
  title: string;
  author: string;
  coverUrl: string | null;
  /** The cover's content version (immutable image URLs), when known. */
  coverVersion: string | null;
  price: number | null;
  originalPrice: number | null;
  /** The net of what is paid now (CatalogBook.netPrice). */
  netPrice: number | null;
  isPreorder: boolean;
  preorderPrice: number | null;
  blurb: string;
}

export interface HomeContact {
  address: string;
  hours: string;
  whatsapp: string;
  whatsappUrl: string;
  email: string;
}

export interface HomeCarouselData {
  featured: SlideBook[];
  bank: BankDetails;
  boxMonthlyCents: number;
  /** That price without national taxes (the box is books: the `libros` rate). */
  boxMonthlyNetCents: number;
}
