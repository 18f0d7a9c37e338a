import { escapeXml } from "../../../app/lib/html.server";
import { demoBooks } from "../../../db/demo/books";
import type { FakeProduct, FakeTiendanube } from "./server";

/**
 * A realistic store catalogue for the fake Tienda Nube (`npm run dev:fake-store`): first the demo
 * catalogue's books (real public-domain titles, so a demo database links them by ISBN instead of
 * duplicating them), then made-up Spanish titles. Products have store categories (most of them named
 * like the site's display categories, a few not), one or two variants (paperback / hardcover), managed
 * and unmanaged stock, promotions and unpublished products. Images are the demo covers the app serves
 * itself (`/images/books/…`, as `npm run db:seed -- --books` does), so they show in any mode and an admin
 * can still edit a synced book (a cover must be a site path or https).
 * Deterministic: the same count gives the same catalogue.
 */

interface StoreCategory {
  id: number;
  name: string;
}

const CATEGORY_NAMES = [
  "Literatura argentina",
  "Literatura latinoamericana",
  "Literatura universal",
  "Clásicos",
  "Filosofía",
  "Pensamiento",
  "Ensayo",
  "Ciencias sociales",
  "Arte",
  "Diseño",
  "Arquitectura",
  "Historieta",
  "Novela gráfica",
  "Peow Studios",
  // Not a site category: kept with its store name unless the admin maps it.
  "Poesía",
  "Infancias",
];

const STORE_CATEGORIES: StoreCategory[] = CATEGORY_NAMES.map((name, index) => ({ id: 2_840_001 + index, name }));

const TITLE_OPENINGS = ["Crónica de", "Historia de", "Diario de", "Elogio de", "Cartas desde", "Memorias de"];
const TITLE_PLACES = [
  "la llanura",
  "un puerto dormido",
  "la casa de los Arroyo",
  "Tilcara",
  "la orilla norte",
  "los talleres",
  "una ciudad sin mapa",
  "el último tranvía",
  "la biblioteca ambulante",
  "Mar del Plata en invierno",
  "los patios",
  "la isla Maciel",
];
const TITLE_SHAPES = [
  (a: string, b: string) => `${a} ${b}`,
  (a: string, b: string) => `${a} ${b} y otros relatos`,
  (a: string, b: string) => `${a} ${b}: apuntes`,
];
const PUBLISHERS = ["Rizoma Ediciones", "Editorial Eterna Cadencia", "La Pollera", "Caja Negra", "Peow Studios"];
const TOPICS = ["la memoria", "el trabajo", "la amistad", "el río", "las migraciones", "el humor", "la ciudad"];

/** ISBN-13 check digit over the first 12 digits. */
function isbn13(first12: string): string {
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

interface Entry {
  title: string;
  cover: string;
  description: string;
  publisher: string;
  categories: string[];
  price: number | null;
  promotional: number | null;
  stock: number | null;
  weightGrams: number;
  isbn: string;
}

function demoEntry(index: number): Entry | null {
  const book = demoBooks[index];
  if (!book) return null;
  return {
    title: book.title,
    cover: book.cover,
    description: `<p>${escapeXml(book.description)}</p><p><em>${escapeXml(book.author)}</em> · ${book.pages} páginas.</p>`,
    publisher: book.publisher,
    categories: book.categories,
    price: book.priceArs,
    promotional: book.promotionalPriceArs ?? null,
    stock: book.available ? book.stock : 0,
    weightGrams: book.weightGrams,
    isbn: book.isbn,
  };
}

function inventedEntry(n: number): Entry {
  const opening = TITLE_OPENINGS[n % TITLE_OPENINGS.length] ?? "";
  const place = TITLE_PLACES[Math.floor(n / TITLE_OPENINGS.length) % TITLE_PLACES.length] ?? "";
  const shape = TITLE_SHAPES[Math.floor(n / (TITLE_OPENINGS.length * TITLE_PLACES.length)) % TITLE_SHAPES.length];
  const round = Math.floor(n / (TITLE_OPENINGS.length * TITLE_PLACES.length * TITLE_SHAPES.length));
  const base = shape ? shape(opening, place) : `${opening} ${place}`;
  const title = round > 0 ? `${base} (volumen ${round + 1})` : base;
  const first = STORE_CATEGORIES[n % STORE_CATEGORIES.length]?.name ?? "Ensayo";
  const second = n % 3 === 0 ? STORE_CATEGORIES[(n * 7 + 3) % STORE_CATEGORIES.length]?.name : undefined;
  const price = n % 29 === 0 ? null : 12_900 + ((n * 7919) % 60) * 1_000;
  return {
    title,
    cover: demoBooks[(n * 31) % demoBooks.length]?.cover ?? "facundo.svg",
    description: `<p>Un libro sobre ${TOPICS[n % TOPICS.length]}, escrito con paciencia y sin apuro.</p><ul><li>Rústica con solapas</li><li>Impreso en Argentina</li></ul>`,
    publisher: PUBLISHERS[n % PUBLISHERS.length] ?? "Rizoma Ediciones",
    categories: second && second !== first ? [first, second] : [first],
    price,
    promotional: price !== null && n % 7 === 0 ? Math.round(price * 0.85) : null,
    stock: n % 12 === 0 ? null : n % 10 === 0 ? 0 : (n * 13) % 41,
    weightGrams: 180 + ((n * 37) % 700),
    isbn: isbn13(`978631${String(n).padStart(6, "0")}`),
  };
}

const pesos = (amount: number | null) => (amount === null ? null : `${amount}.00`);

/**
 * Adds `count` products to the fake (ids from the fake, as a real store assigns them). `storeUrl` is the
 * storefront origin of `canonical_url` (default the fake itself, which serves `/productos/{handle}/`).
 */
export function seedCatalogue(fake: FakeTiendanube, count: number, storeUrl = fake.url): FakeProduct[] {
  const handles = new Set<string>();
  const created: FakeProduct[] = [];
  for (let n = 0; n < count; n++) {
    const entry = demoEntry(n) ?? inventedEntry(n);
    let handle = slug(entry.title);
    if (handles.has(handle)) handle = `${handle}-${n}`;
    handles.add(handle);
    const product = fake.addProduct({
      name: { es: entry.title },
      description: { es: entry.description },
      handle: { es: handle },
      brand: entry.publisher,
      published: n % 25 !== 24,
      free_shipping: (entry.price ?? 0) >= 45_000,
      tags: ["libros", ...entry.categories].join(", "),
      canonical_url: `${storeUrl.replace(/\/+$/, "")}/productos/${handle}/`,
      categories: entry.categories.map((name) => {
        const category = STORE_CATEGORIES.find((candidate) => candidate.name === name) ?? {
          id: 2_849_000 + n,
          name,
        };
        return { id: category.id, name: { es: category.name }, handle: { es: slug(category.name) }, parent: null };
      }),
    });
    const { id } = product;
    const hardcover = n % 4 === 1 && entry.price !== null;
    const variant = (index: number, label: string, price: number | null) => ({
      id: id * 10 + index,
      product_id: id,
      price: pesos(price),
      promotional_price: index === 0 ? pesos(entry.promotional) : null,
      stock_management: entry.stock !== null,
      stock: entry.stock === null ? null : index === 0 ? entry.stock : Math.floor(entry.stock / 3),
      weight: ((entry.weightGrams * (index === 0 ? 1 : 1.4)) / 1000).toFixed(3),
      sku: `RZ-${id}${index === 0 ? "" : "-TD"}`,
      barcode: index === 0 ? entry.isbn : null,
      values: hardcover ? [{ es: label }] : [],
    });
    product.variants = [variant(0, "Tapa blanda", entry.price)];
    if (hardcover && entry.price !== null) {
      product.variants.push(variant(1, "Tapa dura", Math.round((entry.price * 1.4) / 100) * 100));
    }
    // A second image (another cover) on some products, to see the gallery.
    const covers =
      n % 5 === 0 ? [entry.cover, demoBooks[(n + 1) % demoBooks.length]?.cover ?? entry.cover] : [entry.cover];
    product.images = covers.map((cover, index) => ({
      id: id * 10 + index + 1,
      product_id: id,
      src: `/images/books/${cover}`,
      position: index + 1,
      alt: [entry.title],
    }));
    created.push(product);
  }
  return created;
}
