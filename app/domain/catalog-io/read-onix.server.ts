import { XMLParser, XMLValidator } from "fast-xml-parser";
import { languageCode } from "~/domain/catalog/languages";
import { Invalid } from "~/domain/errors";
import { EMPTY_FILE, MAX_IMPORT_ROWS, type ParsedFile, TOO_MANY_ROWS } from "./table";

/**
 * ONIX for Books 3.0 (reference and short tags) → rows with our columns. The subset a bookshop needs from a
 * distributor's feed: ISBN-13 (ProductIDType 15, or 03 GTIN-13), proprietary id (01) as SKU, title and
 * subtitle, authors (role A01), publisher, pages (Extent 00/11), language (role 01), year (PublishingDate
 * role 01), description (TextType 03, else 02) and the ARS price. Anything else in the feed is ignored.
 *
 * Hardening: entities are never processed (a DOCTYPE that declares any is refused outright, so "billion
 * laughs" cannot expand), only the five XML entities and character references are decoded, by hand.
 */
export const ONIX_ENTITIES = "El XML declara entidades (<!ENTITY>): por seguridad no lo leemos";
export const NOT_ONIX = "El XML no es un ONIX 3.0 (no tiene productos <Product>)";

/** Short tag → reference name (lower case), for the elements we read. */
const SHORT_TAGS: Record<string, string> = {
  b221: "productidtype",
  b244: "idvalue",
  b202: "titletype",
  x409: "titleelementlevel",
  b203: "titletext",
  b030: "titleprefix",
  b031: "titlewithoutprefix",
  b029: "subtitle",
  b035: "contributorrole",
  b034: "sequencenumber",
  b036: "personname",
  b039: "namesbeforekey",
  b040: "keynames",
  b047: "corporatename",
  b081: "publishername",
  b291: "publishingrole",
  b218: "extenttype",
  b219: "extentvalue",
  b220: "extentunit",
  b253: "languagerole",
  b252: "languagecode",
  x448: "publishingdaterole",
  b306: "date",
  x426: "texttype",
  d104: "text",
  j152: "currencycode",
  j151: "priceamount",
  x462: "pricetype",
};

const REPEATED = new Set([
  "product",
  "productidentifier",
  "titledetail",
  "titleelement",
  "contributor",
  "language",
  "extent",
  "publisher",
  "publishingdate",
  "textcontent",
  "productsupply",
  "supplydetail",
  "price",
]);

type Node = Record<string, unknown>;

const ENTITY: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** The five predefined XML entities and numeric character references; anything else stays as written. */
export function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITY[name] ?? whole;
  });
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];

/** An element's text (fast-xml-parser gives "#text" when the element has attributes). */
function text(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "object" && !Array.isArray(value)) return text((value as Node)["#text"]);
  if (Array.isArray(value)) return text(value[0]);
  return decodeXml(String(value)).trim();
}

const child = (node: Node | undefined, name: string): Node | undefined => list(node?.[name])[0];

function productRow(product: Node): Record<string, string> {
  const values: Record<string, string> = {};
  const ids = list(product.productidentifier);
  const idOf = (...types: string[]) =>
    types.map((type) => ids.find((id) => text(id.productidtype) === type)).find(Boolean);
  const isbn = idOf("15", "03");
  if (isbn) values.isbn = text(isbn.idvalue);
  const proprietary = idOf("01");
  if (proprietary) values.sku = text(proprietary.idvalue);

  const detail = child(product, "descriptivedetail");
  const titles = list(detail?.titledetail);
  const titleDetail = titles.find((t) => text(t.titletype) === "01") ?? titles[0];
  const elements = list(titleDetail?.titleelement);
  const element = elements.find((e) => text(e.titleelementlevel) === "01") ?? elements[0];
  if (element) {
    const main =
      text(element.titletext) ||
      [text(element.titleprefix), text(element.titlewithoutprefix)].filter(Boolean).join(" ");
    const subtitle = text(element.subtitle);
    values.titulo = subtitle ? `${main}: ${subtitle}` : main;
  }
  const authors = list(detail?.contributor)
    .filter((c) => list(c.contributorrole).some((role) => text(role) === "A01"))
    .sort((a, b) => Number(text(a.sequencenumber) || 0) - Number(text(b.sequencenumber) || 0))
    .map(
      (c) =>
        text(c.personname) ||
        [text(c.namesbeforekey), text(c.keynames)].filter(Boolean).join(" ") ||
        text(c.corporatename),
    )
    .filter(Boolean);
  if (authors.length > 0) values.autor = authors.join(", ");
  const extent = list(detail?.extent).find((e) => ["00", "11"].includes(text(e.extenttype)));
  if (extent) values.paginas = text(extent.extentvalue);
  const language = list(detail?.language).find((l) => text(l.languagerole) === "01");
  if (language) values.idioma = languageCode(text(language.languagecode)) ?? text(language.languagecode);

  const publishing = child(product, "publishingdetail");
  const publisher =
    list(publishing?.publisher).find((p) => text(p.publishingrole) === "01") ?? list(publishing?.publisher)[0];
  if (publisher) values.editorial = text(publisher.publishername);
  const date = list(publishing?.publishingdate).find((d) => text(d.publishingdaterole) === "01");
  const year = /^(\d{4})/.exec(text(date?.date))?.[1];
  if (year) values.anio = year;

  const texts = list(child(product, "collateraldetail")?.textcontent);
  const description = texts.find((t) => text(t.texttype) === "03") ?? texts.find((t) => text(t.texttype) === "02");
  if (description) values.descripcion = text(description.text);

  const prices = list(product.productsupply)
    .flatMap((supply) => list(supply.supplydetail))
    .flatMap((supply) => list(supply.price));
  const ars = prices.find((price) => text(price.currencycode) === "ARS");
  if (ars) values.precio = text(ars.priceamount);
  return values;
}

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  transformTagName: (name) => SHORT_TAGS[name.toLowerCase()] ?? name.toLowerCase(),
  isArray: (name) => REPEATED.has(name),
  // A description in XHTML (textformat 05) stays one string, tags and all, as the admin form would hold it.
  stopNodes: ["*.text"],
});

/** An ONIX 3.0 message → rows; `line` is the product's ordinal (1 = the first <Product>). */
export function readOnix(xml: string): ParsedFile {
  const head = xml.slice(0, 64 * 1024);
  if (/<!DOCTYPE[^>]*\[/i.test(head) || /<!ENTITY/i.test(xml)) throw new Invalid(ONIX_ENTITIES);
  let document: Node;
  try {
    // The parser forgives a cut-off file; a feed that lost its end must not import half its products.
    if (XMLValidator.validate(xml) !== true) throw new Error("invalid XML");
    document = parser.parse(xml) as Node;
  } catch {
    throw new Invalid("El XML está mal formado: revisá que el archivo esté completo");
  }
  const message = document.onixmessage as Node | undefined;
  const products = list(message?.product);
  if (!message) throw new Invalid(NOT_ONIX);
  if (products.length === 0) throw new Invalid(EMPTY_FILE);
  if (products.length > MAX_IMPORT_ROWS) throw new Invalid(TOO_MANY_ROWS);
  return {
    format: "onix",
    rows: products.map((product, index) => ({ line: index + 1, values: productRow(product) })),
    warnings: [],
  };
}
