import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { Conflict, Invalid, NotFound } from "~/domain/errors";
import { ORDER_MESSAGES, POSTAL_CODE } from "~/domain/orders/input";
import { phoneSchema } from "~/domain/prizes/rules";
import { PROVINCE_CODES } from "~/domain/settings/argentina";
import { zodMessage } from "~/lib/zod-spanish";
import type { Db } from "~db/index";
import { customerAddresses, customers, orders } from "~db/schema";

/**
 * "Mis datos": the reader's name and phone (`customers`) and their saved addresses
 * (`customer_addresses`), which pre-fill the checkout. Exactly one address of an email is the default
 * whenever it has any: every change that could touch the default runs in one transaction that first
 * locks the reader's `customers` row, so concurrent changes of one email take turns (the partial unique
 * index `customer_addresses_one_default` is the backstop). The field rules are the checkout's.
 */
export const PROFILE_MESSAGES = {
  label: "Poné un nombre para la dirección (por ejemplo, Casa o Trabajo)",
  tooMany: "Podés guardar hasta 10 direcciones: borrá una que ya no uses para sumar otra.",
  notFound: "No encontramos esa dirección en tu cuenta",
  detailsSaved: "Guardamos tus datos.",
  addressAdded: "Guardamos la dirección.",
  addressUpdated: "Actualizamos la dirección.",
  addressDeleted: "Borramos la dirección.",
  defaultSet: "Listo: esa es tu dirección predeterminada.",
} as const;
export const MAX_ADDRESSES = 10;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Máximo ${max} caracteres`);

export const detailsSchema = z
  .object({
    firstName: requiredText(ORDER_MESSAGES.firstName, 80),
    lastName: requiredText(ORDER_MESSAGES.lastName, 80),
    // Optional here (the checkout asks for it anyway); when given, the shop's phone rule.
    phone: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      phoneSchema.nullable(),
    ),
  })
  .strict();
export type DetailsInput = z.input<typeof detailsSchema>;

export const addressSchema = z
  .object({
    label: requiredText(PROFILE_MESSAGES.label, 40),
    address: requiredText(ORDER_MESSAGES.address, 200),
    city: requiredText(ORDER_MESSAGES.city, 100),
    province: z
      .string({ error: ORDER_MESSAGES.province })
      .trim()
      .toUpperCase()
      .refine((code) => (PROVINCE_CODES as readonly string[]).includes(code), ORDER_MESSAGES.province),
    zipCode: z
      .string({ error: ORDER_MESSAGES.zipCode })
      .trim()
      .toUpperCase()
      .refine((code) => POSTAL_CODE.test(code), ORDER_MESSAGES.zipCode),
    makeDefault: z.boolean().optional().default(false),
  })
  .strict();
export type AddressInput = z.input<typeof addressSchema>;

function parse<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0];
    if (typeof name === "string") fields[name] ??= issue.message;
  }
  throw new Invalid(zodMessage(parsed.error), { fields });
}

export interface SavedAddress {
  id: number;
  label: string;
  address: string;
  city: string;
  province: string;
  zipCode: string;
  isDefault: boolean;
}

export interface CustomerProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  /** The default first, then oldest first. */
  addresses: SavedAddress[];
}

const addressColumns = {
  id: customerAddresses.id,
  label: customerAddresses.label,
  address: customerAddresses.address,
  city: customerAddresses.city,
  province: customerAddresses.province,
  zipCode: customerAddresses.zipCode,
  isDefault: customerAddresses.isDefault,
};

export async function customerProfile(db: Db, email: string): Promise<CustomerProfile> {
  const [row] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone })
    .from(customers)
    .where(eq(customers.email, email));
  const addresses = await db
    .select(addressColumns)
    .from(customerAddresses)
    .where(eq(customerAddresses.email, email))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
  return {
    email,
    firstName: row?.firstName ?? null,
    lastName: row?.lastName ?? null,
    phone: row?.phone ?? null,
    addresses,
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs `work` holding the reader's `customers` row (created if missing): one change per email at a time. */
async function asCustomer<T>(db: Db, email: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.insert(customers).values({ email }).onConflictDoNothing({ target: customers.email });
    await tx.select({ email: customers.email }).from(customers).where(eq(customers.email, email)).for("update");
    return work(tx);
  });
}

export async function saveDetails(db: Db, email: string, raw: unknown): Promise<string> {
  const input = parse(detailsSchema, raw);
  await db
    .insert(customers)
    .values({ email, ...input })
    .onConflictDoUpdate({ target: customers.email, set: { ...input, updatedAt: new Date() } });
  return PROFILE_MESSAGES.detailsSaved;
}

/** Clears the old default, then marks `id` (in this order: the unique index allows one at a time). */
async function makeDefault(tx: Tx, email: string, id: number): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(
      and(eq(customerAddresses.email, email), eq(customerAddresses.isDefault, true), ne(customerAddresses.id, id)),
    );
  await tx
    .update(customerAddresses)
    .set({ isDefault: true })
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.email, email)));
}

/** A new address; the first one of an email, or one asked to, becomes the default. */
export async function addAddress(db: Db, email: string, raw: unknown): Promise<{ id: number; message: string }> {
  const { makeDefault: wanted, ...fields } = parse(addressSchema, raw);
  return asCustomer(db, email, async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerAddresses)
      .where(eq(customerAddresses.email, email));
    if (Number(n) >= MAX_ADDRESSES) throw new Conflict(PROFILE_MESSAGES.tooMany);
    const [row] = await tx
      .insert(customerAddresses)
      .values({ email, ...fields })
      .returning({ id: customerAddresses.id });
    if (!row) throw new Error("address insert returned nothing");
    if (wanted || Number(n) === 0) await makeDefault(tx, email, row.id);
    return { id: row.id, message: PROFILE_MESSAGES.addressAdded };
  });
}

export async function updateAddress(db: Db, email: string, id: number, raw: unknown): Promise<string> {
  const { makeDefault: wanted, ...fields } = parse(addressSchema, raw);
  return asCustomer(db, email, async (tx) => {
    const [row] = await tx
      .update(customerAddresses)
      .set(fields)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.email, email)))
      .returning({ id: customerAddresses.id });
    if (!row) throw new NotFound(PROFILE_MESSAGES.notFound);
    if (wanted) await makeDefault(tx, email, id);
    return PROFILE_MESSAGES.addressUpdated;
  });
}

export async function setDefaultAddress(db: Db, email: string, id: number): Promise<string> {
  return asCustomer(db, email, async (tx) => {
    const [row] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.email, email)));
    if (!row) throw new NotFound(PROFILE_MESSAGES.notFound);
    await makeDefault(tx, email, id);
    return PROFILE_MESSAGES.defaultSet;
  });
}

/** Deleting the default hands the role to the oldest address left, so one stays the default. */
export async function deleteAddress(db: Db, email: string, id: number): Promise<string> {
  return asCustomer(db, email, async (tx) => {
    const [gone] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.email, email)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) throw new NotFound(PROFILE_MESSAGES.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.email, email))
        .orderBy(asc(customerAddresses.id))
        .limit(1);
      if (next) await makeDefault(tx, email, next.id);
    }
    return PROFILE_MESSAGES.addressDeleted;
  });
}

/** The contact and address of the reader's newest order, to offer when their profile is still empty. */
export interface LatestOrderDetails {
  number: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Null when that order was picked up (no address to offer). */
  address: { address: string; city: string; province: string; zipCode: string } | null;
}

export async function latestOrderDetails(db: Db, email: string): Promise<LatestOrderDetails | null> {
  const [row] = await db
    .select({
      number: orders.number,
      firstName: orders.firstName,
      lastName: orders.lastName,
      phone: orders.phone,
      method: orders.deliveryMethod,
      address: orders.address,
      city: orders.city,
      province: orders.province,
      zipCode: orders.zipCode,
    })
    .from(orders)
    .where(eq(orders.email, email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!row) return null;
  // "Envío en CABA" orders carry no province: it is the city's.
  const province = row.method === "caba" ? "C" : (row.province ?? "");
  const address =
    row.method !== "pickup" && row.address && row.city
      ? { address: row.address, city: row.city, province, zipCode: row.zipCode ?? "" }
      : null;
  return { number: row.number, firstName: row.firstName, lastName: row.lastName, phone: row.phone, address };
}

/** What a signed-in reader's checkout starts with: their saved details and addresses (the default first). */
export async function checkoutProfile(db: Db, email: string) {
  const profile = await customerProfile(db, email);
  return {
    email,
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    phone: profile.phone ?? "",
    addresses: profile.addresses,
  };
}
export type CheckoutProfile = Awaited<ReturnType<typeof checkoutProfile>>;
