import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";

/**
 * A fair's forms (issue 35 item 4, docs/decisions/0050-fairs.md): what the admin types, checked once here
 * for the pages and the domain. Client-safe: the pages read the messages and the labels.
 */

export const FAIR_STATUSES = ["planned", "open", "closed"] as const;
export type FairStatus = (typeof FAIR_STATUSES)[number];

export const FAIR_STATUS_LABELS: Record<FairStatus, string> = {
  planned: "Planificada",
  open: "Abierta",
  closed: "Cerrada",
};

/** Ley 25.542 art. 4 a): above this, a fair's discount is the shop's own risk (the page says so, and allows it). */
export const LAW_DISCOUNT_LIMIT = 10;

/** The warning shown when a fair's discount is above the law's 10%. */
export const fairDiscountWarning = (percent: number) =>
  `Un descuento del ${percent}% supera el 10% que la Ley 25.542 (art. 4) permite sobre libros nuevos, y eso solo en ferias declaradas de interés público. Podés guardarlo, pero cumplir la ley es responsabilidad de la tienda.`;

/** Copies moved in one go, per book: a fair's table, not a warehouse. */
export const MAX_MOVE_QUANTITY = 999;
export const MAX_MOVE_LINES = 200;

export const FAIR_MESSAGES = {
  name: "Escribí el nombre de la feria",
  nameLong: "El nombre tiene como máximo 120 caracteres",
  placeLong: "El lugar tiene como máximo 200 caracteres",
  startsOn: "Elegí la fecha de inicio",
  endsOn: "Elegí la fecha de cierre",
  datesOrder: "La fecha de cierre no puede ser anterior a la de inicio",
  discount: "El descuento tiene que ser un número entero entre 0 y 100",
  seller: "Alguien de la lista de vendedores ya no es parte del equipo: revisá la lista",
  notFound: "Esa feria no existe",
  closed: "Esa feria ya está cerrada: no se puede cambiar",
  alreadyOpen: "Esa feria ya está abierta",
  alreadyClosed: "Esa feria ya se cerró",
  moveNothing: "Elegí al menos un libro y cuántos ejemplares llevar",
  moveQuantity: `La cantidad tiene que ser un número entero entre 0 y ${MAX_MOVE_QUANTITY}`,
  moveTooMany: `Se pueden llevar como máximo ${MAX_MOVE_LINES} títulos por vez`,
  moveClosed: "Esa feria ya se cerró: no se le pueden llevar libros",
  unknownBook: (id: number) => `El libro ${id} no existe en el catálogo`,
  backCount: "Lo que volvió tiene que ser un número entero, 0 o más",
  notCounted: (title: string) =>
    `Falta contar «${title}»: llegó a la feria después de que abriste esta página. Revisá el conteo.`,
  countedTooMany: (title: string, counted: number, onTable: number) =>
    `«${title}»: contaste ${counted} y en la mesa de la feria hay ${onTable}. Revisá el conteo.`,
} as const;

/** Text from a form or JSON, trimmed; absent is "". */
const text = z.preprocess((value) => (value === undefined || value === null ? "" : value), z.string().trim());

/** A calendar day of this century (a typo like year 0002 or 20266 is a mistake, not a fair). */
const day = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: message })
      .refine((text) => isCalendarDay(text) && text >= "2000-01-01" && text <= "2099-12-31", message),
  );

/** A whole percent 0–100; an empty field is 0 (no discount). */
const discount = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return 0;
    if (typeof value === "string") {
      const trimmed = value.trim().replace(/%$/, "").trim();
      return trimmed === "" ? 0 : /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    }
    return value;
  },
  z
    .number({ error: FAIR_MESSAGES.discount })
    .int(FAIR_MESSAGES.discount)
    .min(0, FAIR_MESSAGES.discount)
    .max(100, FAIR_MESSAGES.discount),
);

const sellerIds = z.preprocess(
  (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(
      z.coerce
        .number({ error: FAIR_MESSAGES.seller })
        .int(FAIR_MESSAGES.seller)
        .positive(FAIR_MESSAGES.seller)
        .max(2_147_483_647, FAIR_MESSAGES.seller),
      { error: FAIR_MESSAGES.seller },
    )
    .max(200, FAIR_MESSAGES.seller),
);

/** A fair as created or edited: name, place, dates (start ≤ end), discount 0–100, the sellers' admin ids. */
export const fairSchema = z
  .object({
    name: text.pipe(z.string().min(1, FAIR_MESSAGES.name).max(120, FAIR_MESSAGES.nameLong)),
    place: text.pipe(z.string().max(200, FAIR_MESSAGES.placeLong)),
    startsOn: day(FAIR_MESSAGES.startsOn),
    endsOn: day(FAIR_MESSAGES.endsOn),
    discountPercent: discount,
    sellers: sellerIds.transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  })
  .superRefine((value, ctx) => {
    if (value.endsOn < value.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: FAIR_MESSAGES.datesOrder });
  });

export type FairInput = z.infer<typeof fairSchema>;

/** What the fair form sends back after a refusal, as typed. */
export interface FairFormValues {
  name: string;
  place: string;
  startsOn: string;
  endsOn: string;
  discountPercent: string;
  sellers: string[];
}

/** The fair form's fields as typed (a FormData, or nothing for a blank form). */
export function fairFormValues(form: FormData): FairFormValues {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: field("name"),
    place: field("place"),
    startsOn: field("startsOn"),
    endsOn: field("endsOn"),
    discountPercent: field("discountPercent"),
    sellers: form.getAll("sellers").filter((value): value is string => typeof value === "string"),
  };
}

/** Books to take to a fair: `{bookId, quantity}` lines, quantity 1–999 (0 lines are dropped by the form parser). */
export const moveSchema = z.object({
  items: z
    .array(
      z.object({
        bookId: z.number().int().positive(),
        quantity: z
          .number({ error: FAIR_MESSAGES.moveQuantity })
          .int(FAIR_MESSAGES.moveQuantity)
          .min(1, FAIR_MESSAGES.moveQuantity)
          .max(MAX_MOVE_QUANTITY, FAIR_MESSAGES.moveQuantity),
      }),
    )
    .min(1, FAIR_MESSAGES.moveNothing)
    .max(MAX_MOVE_LINES, FAIR_MESSAGES.moveTooMany),
});
export type MoveInput = z.infer<typeof moveSchema>;

/** What came back from a fair, per book: `{bookId, returned}`, returned ≥ 0. */
export const closeSchema = z.object({
  counts: z.array(
    z.object({
      bookId: z.number().int().positive(),
      returned: z
        .number({ error: FAIR_MESSAGES.backCount })
        .int(FAIR_MESSAGES.backCount)
        .min(0, FAIR_MESSAGES.backCount)
        .max(1_000_000, FAIR_MESSAGES.backCount),
    }),
  ),
});
export type CloseInput = z.infer<typeof closeSchema>;
