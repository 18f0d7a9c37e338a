import { inArray } from "drizzle-orm";
import { z } from "zod";
import { Conflict, Invalid } from "~/domain/errors";
import { currentPriceCents } from "~/domain/orders/book-price.server";
import { quoteDelivery } from "~/domain/orders/delivery";
import { limitPerIp } from "~/domain/rate-limit/limit-per-ip.server";
import type { RequestContext } from "~/domain/request-context";
import { PROVINCE_CODES } from "~/domain/settings/argentina";
import type { Settings } from "~/domain/settings/schema";
import { getSettings } from "~/domain/settings/settings.server";
import { type Carrier, type CarrierRate, currentCarriers } from "~/integrations/carriers/index.server";
import { todayInBuenosAires } from "~/lib/dates";
import { centsToPesos } from "~/lib/money";
import { zodMessage } from "~/lib/zod-spanish";
import type { OrderCarrierChoice } from "~db/schema";
import { books } from "~db/schema";
import {
  carrierOptionOf,
  freeShippingCovers,
  isCabaZip,
  type OptionBranch,
  provinceOfZip,
  type ShippingOption,
  ZIP_CODE,
  zipDigits,
} from "./options";
import { type ParcelItem, parcelFor } from "./package";

export type { ShippingOption } from "./options";

/**
 * How long the checkout waits for the carriers, all of them at once: past it a carrier is left out of this
 * answer (its client's own timeout, CARRIER_TIMEOUT_MS, ends the call itself).
 */
export const QUOTE_BUDGET_MS = 6_000;

export const MAX_QUOTE_LINES = 50;
export const MAX_QUOTE_QUANTITY = 99;

export const QUOTE_MESSAGES = {
  zipCode: "Ingresá un código postal de 4 dígitos (1414) o un CPA (C1414ABC)",
  province: "Elegí una provincia de la lista",
  items: "Agregá al menos un libro para cotizar el envío",
  tooMany: `Se cotizan hasta ${MAX_QUOTE_LINES} libros distintos`,
  item: "El libro a cotizar no es válido",
  quantity: `La cantidad de cada libro debe ser un número entero entre 1 y ${MAX_QUOTE_QUANTITY}`,
} as const;

const quantity = z
  .number({ error: QUOTE_MESSAGES.quantity })
  .int(QUOTE_MESSAGES.quantity)
  .min(1, QUOTE_MESSAGES.quantity)
  .max(MAX_QUOTE_QUANTITY, QUOTE_MESSAGES.quantity);

/** The body of POST /api/shipping/quote. */
export const shippingQuoteSchema = z
  .object(
    {
      zipCode: z.string({ error: QUOTE_MESSAGES.zipCode }).trim().toUpperCase().regex(ZIP_CODE, QUOTE_MESSAGES.zipCode),
      province: z
        .union([z.string(), z.null()], { error: QUOTE_MESSAGES.province })
        .optional()
        .transform((code) => code?.trim().toUpperCase() || null)
        .refine(
          (code) => code === null || (PROVINCE_CODES as readonly string[]).includes(code),
          QUOTE_MESSAGES.province,
        ),
      items: z
        .array(
          z
            .object(
              {
                id: z.number({ error: QUOTE_MESSAGES.item }).int(QUOTE_MESSAGES.item).positive(QUOTE_MESSAGES.item),
                quantity,
              },
              { error: QUOTE_MESSAGES.item },
            )
            .strict(),
          { error: QUOTE_MESSAGES.items },
        )
        .min(1, QUOTE_MESSAGES.items)
        .max(MAX_QUOTE_LINES, QUOTE_MESSAGES.tooMany),
    },
    { error: QUOTE_MESSAGES.zipCode },
  )
  .strict();
export type ShippingQuoteInput = z.input<typeof shippingQuoteSchema>;

/** The log is optional: an order placed by a test or a task logs nothing. */
export type ShippingContext = Pick<RequestContext, "db" | "carriers"> & Partial<Pick<RequestContext, "log">>;

/** What the options are computed from: the destination, the parcel's contents and the books' subtotal. */
export interface ShippingRequest {
  zipCode: string;
  /** The province the buyer chose; the CPA's letter (or CABA's numbers) wins over it. */
  province: string | null;
  items: ParcelItem[];
  /** The books at their selling prices, before any discount: the threshold's measure and the declared value. */
  subtotalCents: number;
}

/**
 * The options for a cart and a postal code (POST /api/shipping/quote): the shop's own (each pickup point,
 * "Envío en CABA" for a CABA postal code, the province table's standard and fast when the province is
 * known) and every carrier in force, asked in parallel within `budgetMs`. A carrier that fails, refuses or
 * is slow is left out and logged: the buyer always gets at least the shop's options. Bad input is Invalid.
 */
export async function shippingOptions(
  ctx: ShippingContext,
  raw: unknown,
  options: { now?: Date; budgetMs?: number } = {},
): Promise<ShippingOption[]> {
  const parsed = shippingQuoteSchema.safeParse(raw);
  if (!parsed.success) throw new Invalid(zodMessage(parsed.error));
  const input = parsed.data;
  const ids = [...new Set(input.items.map((item) => item.id))];
  const rows = await ctx.db.select().from(books).where(inArray(books.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const today = todayInBuenosAires(options.now ?? new Date());
  let subtotalCents = 0;
  const items = input.items.map(({ id, quantity }) => {
    const book = byId.get(id);
    if (!book?.published) throw new Invalid(`El libro ${id} no existe o ya no está a la venta`);
    subtotalCents += (currentPriceCents(book, today) ?? 0) * quantity;
    return { weightGrams: book.weightGrams, quantity };
  });
  const settings = await getSettings(ctx.db);
  return optionsFor(
    ctx,
    settings,
    { zipCode: input.zipCode, province: input.province, items, subtotalCents },
    options.budgetMs,
  );
}

/** The options for an already priced request (the quote API and the order's own check share it). */
export async function optionsFor(
  ctx: ShippingContext,
  settings: Pick<Settings, "pickup" | "shipping" | "carriers">,
  request: ShippingRequest,
  budgetMs = QUOTE_BUDGET_MS,
): Promise<ShippingOption[]> {
  const { carriers } = await currentCarriers(ctx.carriers);
  const answers = await Promise.all(
    carriers.map((carrier) => carrierOptions(ctx, carrier, settings, request, budgetMs)),
  );
  const fromCarriers = answers.flat().sort((a, b) => a.priceCents - b.priceCents);
  return [...shopOptions(settings, request), ...fromCarriers];
}

function shopOptions(settings: Pick<Settings, "pickup" | "shipping" | "carriers">, request: ShippingRequest) {
  const options: ShippingOption[] = settings.pickup.points.map((point, index) => ({
    id: `pickup:${index}`,
    carrier: "rizoma",
    service: `Retiro en ${point.name}`,
    kind: "pickup",
    priceCents: 0,
    days: null,
    free: true,
  }));
  if (isCabaZip(request.zipCode)) {
    options.push({
      id: "caba",
      carrier: "rizoma",
      service: "Envío en CABA",
      kind: "home",
      priceCents: 0,
      days: null,
      free: true,
    });
  }
  const province = provinceOfZip(request.zipCode, request.province);
  if (province) {
    const free = freeShippingCovers(settings.carriers, "table", request.subtotalCents);
    for (const speed of ["standard", "fast"] as const) {
      const table = quoteDelivery({ method: "shipping", speed, province }, settings.shipping);
      options.push({
        id: `table:${speed}`,
        carrier: "rizoma",
        service: speed === "fast" ? "Envío rápido" : "Envío estándar",
        kind: "home",
        priceCents: free ? 0 : table.shippingCents,
        days: speed === "fast" ? settings.shipping.fastDays : settings.shipping.standardDays,
        free: free || table.shippingCents === 0,
      });
    }
  }
  return options;
}

/** One carrier's rates and branches, or nothing when it fails or is late (logged, never the buyer's problem). */
async function carrierOptions(
  ctx: ShippingContext,
  carrier: Carrier,
  settings: Pick<Settings, "carriers">,
  request: ShippingRequest,
  budgetMs: number,
): Promise<ShippingOption[]> {
  try {
    const { rates, branches } = await askCarrier(ctx, carrier, settings, request, budgetMs);
    return rates.flatMap((rate) => {
      if (rate.kind === "branch" && branches.length === 0) return [];
      const option = priced(carrier, rate, settings, request.subtotalCents);
      return [rate.kind === "branch" ? { ...option, branches } : option];
    });
  } catch (error) {
    ctx.log?.warn({ err: error, carrier: carrier.id, zip: request.zipCode }, "carrier left out of the shipping quote");
    return [];
  }
}

function priced(
  carrier: Carrier,
  rate: CarrierRate,
  settings: Pick<Settings, "carriers">,
  subtotalCents: number,
): ShippingOption {
  const free = freeShippingCovers(settings.carriers, `${carrier.id}:${rate.kind}`, subtotalCents);
  return {
    id: `${carrier.id}:${rate.kind}:${rate.serviceCode}`,
    carrier: carrier.id,
    service: rate.service,
    kind: rate.kind,
    priceCents: free ? 0 : rate.priceCents,
    days: rate.days,
    free,
  };
}

/**
 * A carrier's rates for the parcel, and its branches near the postal code when it has a branch rate (both
 * asked at once). A failing branch list only drops the branch rates. Rejects past `budgetMs`.
 */
async function askCarrier(
  ctx: ShippingContext,
  carrier: Carrier,
  settings: Pick<Settings, "carriers">,
  request: ShippingRequest,
  budgetMs: number,
): Promise<{ rates: CarrierRate[]; branches: OptionBranch[] }> {
  const zip = zipDigits(request.zipCode);
  if (!zip) throw new Invalid(QUOTE_MESSAGES.zipCode);
  const parcel = parcelFor(request.items, settings.carriers, request.subtotalCents);
  const branches = carrier.branches(zip).catch((error: unknown) => {
    ctx.log?.warn({ err: error, carrier: carrier.id, zip }, "carrier branches left out of the shipping quote");
    return [];
  });
  const work = Promise.all([
    carrier.quote({ originZip: settings.carriers.originZip, destinationZip: zip, parcel }),
    branches,
  ]);
  const [rates, list] = await withinBudget(work, budgetMs, carrier.name);
  return {
    rates,
    branches: list.map(({ id, name, address, city, zip, province, hours }) => ({
      id,
      name,
      address,
      city,
      zip,
      province,
      hours,
    })),
  };
}

function withinBudget<T>(work: Promise<T>, budgetMs: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not answer within ${budgetMs} ms`)), budgetMs);
  });
  // A late answer or failure after the budget is ignored (the race already settled).
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A carrier option confirmed for an order: what the order stores and what it charges. */
export interface ConfirmedCarrierOption {
  carrier: "correo_argentino" | "andreani";
  choice: OrderCarrierChoice;
  /** The carrier's price now; the order charges 0 instead when the threshold covers it (`free`). */
  rateCents: number;
}

export const carrierUnconfirmed = (name: string) =>
  `No pudimos confirmar el envío con ${name}. Elegí otra opción de envío.`;
export const BRANCH_REQUIRED = "Elegí la sucursal donde vas a retirar el pedido";
export const BRANCH_UNKNOWN =
  "La sucursal elegida no está entre las cercanas a tu código postal: elegí otra de la lista";

/**
 * The carrier option a buyer chose, quoted again here (the price is never the client's): the same carrier,
 * kind and service must still be offered for this postal code and parcel, and a branch option needs one of
 * that carrier's branches near it. A carrier that is gone, down or no longer offers it is a Conflict asking
 * for another option (nothing is written); a missing or foreign branch is Invalid.
 */
export async function confirmCarrierOption(
  ctx: ShippingContext,
  settings: Pick<Settings, "carriers">,
  optionId: string,
  branchId: string | null | undefined,
  request: ShippingRequest,
  budgetMs = QUOTE_BUDGET_MS,
): Promise<ConfirmedCarrierOption> {
  const wanted = carrierOptionOf(optionId);
  if (!wanted) throw new Invalid("Elegí una opción de envío de la lista");
  const name = wanted.carrier === "andreani" ? "Andreani" : "Correo Argentino";
  if (wanted.kind === "branch" && !branchId) throw new Invalid(BRANCH_REQUIRED);
  const { carriers } = await currentCarriers(ctx.carriers);
  const carrier = carriers.find((candidate) => candidate.id === wanted.carrier);
  if (!carrier) throw new Conflict(carrierUnconfirmed(name));
  let answer: Awaited<ReturnType<typeof askCarrier>>;
  try {
    answer = await askCarrier(ctx, carrier, settings, request, budgetMs);
  } catch (error) {
    ctx.log?.warn(
      { err: error, carrier: carrier.id, zip: request.zipCode },
      "carrier option not confirmed for an order",
    );
    throw new Conflict(carrierUnconfirmed(carrier.name));
  }
  const rate = answer.rates.find((each) => each.kind === wanted.kind && each.serviceCode === wanted.serviceCode);
  if (!rate) throw new Conflict(carrierUnconfirmed(carrier.name));
  let branch: OrderCarrierChoice["branch"] = null;
  if (wanted.kind === "branch") {
    if (answer.branches.length === 0) throw new Conflict(carrierUnconfirmed(carrier.name));
    const found = answer.branches.find((each) => each.id === branchId);
    if (!found) throw new Invalid(BRANCH_UNKNOWN);
    branch = { id: found.id, name: found.name, address: found.address, city: found.city, zip: found.zip };
  }
  return {
    carrier: carrier.id,
    rateCents: rate.priceCents,
    choice: { kind: rate.kind, service: rate.service, serviceCode: rate.serviceCode, days: rate.days, branch },
  };
}

export const TOO_MANY_QUOTES = "Demasiadas consultas de envío desde tu conexión. Esperá un minuto y probá de nuevo.";

/** An option as POST /api/shipping/quote answers it: the price in pesos (DESIGN §7). */
export type QuotedOption = Omit<ShippingOption, "priceCents"> & { price: number };

/**
 * POST /api/shipping/quote: counts the visitor's request against `shippingQuotesPerIpPerMinute` (every
 * attempt: each one may call the carriers), then answers the options in pesos.
 */
export async function quoteShipping(
  ctx: ShippingContext & Pick<RequestContext, "clientIp">,
  raw: unknown,
  options: { now?: Date; budgetMs?: number } = {},
): Promise<QuotedOption[]> {
  await limitPerIp(ctx, "shippingQuotesPerIpPerMinute", TOO_MANY_QUOTES);
  const list = await shippingOptions(ctx, raw, options);
  return list.map(({ priceCents, ...option }) => ({ ...option, price: centsToPesos(priceCents) }));
}

/** Which carriers quote now, for the settings page: live ones by name, the demo's sandbox, or none. */
export async function carriersInForce(
  carriers: RequestContext["carriers"],
): Promise<{ mode: "live" | "sandbox" | "off"; names: string[] }> {
  const now = await currentCarriers(carriers);
  return { mode: now.mode, names: now.carriers.map((carrier) => carrier.name) };
}
