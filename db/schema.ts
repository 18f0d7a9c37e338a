import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A file a queued e-mail carries, by reference: the worker renders it when it sends. */
export type MailAttachmentRef = { kind: "invoice"; invoiceId: number };

/** One picture of a book, in display order (position 1 is the cover). */
export interface BookImage {
  id: number;
  src: string;
  alt?: string;
}

/**
 * The catalogue. Money is integer centavos (`*_cents`); the API turns it into pesos at the edge.
 * A book is a pre-order while `preorder_release_date` is in the future: no flag to forget to flip.
 * `search_text` is the normalised (lower-case, unaccented) title + author + category that search matches
 * with pg_trgm (`title_search` the title alone); `f_unaccent` is the immutable wrapper created in the first
 * migration.
 */
export const books = pgTable(
  "books",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    author: text("author").notNull().default(""),
    description: text("description").notNull().default(""),
    genre: text("genre"),
    /** Display categories separated by ", " (the spec's `category` string). */
    category: text("category").notNull().default(""),
    publisher: text("publisher"),
    priceCents: integer("price_cents"),
    promotionalPriceCents: integer("promotional_price_cents"),
    coverUrl: text("cover_url"),
    images: jsonb("images").$type<BookImage[]>().notNull().default([]),
    available: boolean("available").notNull().default(true),
    published: boolean("published").notNull().default(true),
    stock: integer("stock").notNull().default(0),
    featured: boolean("featured").notNull().default(false),
    featuredOrder: integer("featured_order").notNull().default(0),
    preorderReleaseDate: date("preorder_release_date"),
    preorderPriceCents: integer("preorder_price_cents"),
    preorderCount: integer("preorder_count").notNull().default(0),
    preorderLimit: integer("preorder_limit"),
    sku: text("sku"),
    isbn: text("isbn"),
    pages: integer("pages"),
    /** The edition's year of publication (ISBN autofill and imports fill it). */
    publicationYear: integer("publication_year"),
    /** The text's language as an ISO 639-1 code ("es", "en"...). */
    language: text("language"),
    weightGrams: integer("weight_grams"),
    freeShipping: boolean("free_shipping").notNull().default(false),
    /** Fiscal category (a key of the settings' tax table, e.g. 'libros' exento, 'otros' 21%). */
    taxCategory: text("tax_category").notNull().default("libros"),
    audiobookUrl: text("audiobook_url"),
    externalProductId: text("external_product_id"),
    externalVariantId: text("external_variant_id"),
    externalHandle: text("external_handle"),
    externalUrl: text("external_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    searchText: text("search_text").generatedAlwaysAs(
      sql`f_unaccent(lower(title || ' ' || author || ' ' || category || ' ' || coalesce(genre, '')))`,
    ),
    /** The normalised title alone: search ranks title matches first, and needs its own trigram index for that. */
    titleSearch: text("title_search").generatedAlwaysAs(sql`f_unaccent(lower(title))`),
    /**
     * The keys of the categories the book belongs to, kept by database triggers (migration 0008) from the
     * rules in `categories`: filtering by category reads this array instead of matching every book's text
     * against every rule on each request.
     */
    categoryKeys: text("category_keys").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("books_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("books_title_trgm_idx").using("gin", sql`${t.titleSearch} gin_trgm_ops`),
    // Search ranks first the books whose whole title is the query: an equality the trigram index cannot
    // answer without reading every candidate (docs/decisions/0057-search-at-scale.md).
    index("books_title_exact_idx").on(t.titleSearch),
    // Counting a common word's matches (up to 1,001) walks this, newest first, without reading the table:
    // an index-only scan (docs/decisions/0057-search-at-scale.md).
    index("books_search_walk_idx").on(t.id, t.published, t.searchText),
    index("books_category_keys_idx").using("gin", t.categoryKeys),
    // "More by this author" on /libro and search's whole-author match compare normalised authors.
    index("books_author_norm_idx").on(sql`f_unaccent(lower(${t.author}))`),
    // The shop's author filter: the normalised author contains every word typed ("borges").
    index("books_author_trgm_idx").using("gin", sql`f_unaccent(lower(${t.author})) gin_trgm_ops`),
    index("books_listing_idx").on(t.published, t.available, t.id),
    index("books_featured_idx").on(t.featured, t.featuredOrder),
    index("books_external_product_idx").on(t.externalProductId),
    // Imports match rows by ISBN, then SKU.
    index("books_isbn_idx").on(t.isbn),
    index("books_sku_idx").on(t.sku),
    check("books_stock_non_negative", sql`${t.stock} >= 0`),
    check(
      "books_publication_year_range",
      sql`${t.publicationYear} is null or ${t.publicationYear} between 1400 and 2200`,
    ),
    check("books_price_non_negative", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "books_preorder_count_within_limit",
      sql`${t.preorderCount} >= 0 and (${t.preorderLimit} is null or ${t.preorderCount} <= ${t.preorderLimit})`,
    ),
  ],
);

/**
 * The shop's main categories (the spec's keys: literatura-ficcion, filosofia-pensamiento, arte-diseno,
 * peow-studios). Membership is data: a book belongs when its genre, one of its display categories, or a
 * keyword (whole word, in title or categories) matches.
 */
export const categories = pgTable("categories", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  genres: text("genres").array().notNull().default(sql`'{}'::text[]`),
  categoryNames: text("category_names").array().notNull().default(sql`'{}'::text[]`),
  keywords: text("keywords").array().notNull().default(sql`'{}'::text[]`),
});

/**
 * Every word (3+ letters, normalised) that appears in some book's `search_text`, kept by a trigger
 * (migration 0008). When no book contains a visitor's words, search looks here for the closest real word
 * ("memoira" -> "memoria") instead of scoring every book by similarity. Words are never removed: a stale
 * one only finds nothing.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

export const genres = pgTable("genres", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull().unique(),
  categoryKey: text("category_key")
    .notNull()
    .references(() => categories.key, { onUpdate: "cascade" }),
});

/** Key-value settings edited in /admin/ajustes (bank details, shipping table, contact data...). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** People who run the shop. `email` is stored lower-case; the password only as an argon2id hash. */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    /**
     * 'owner' runs the business (Ajustes, money, personal-data exports, the team); 'staff' runs the day
     * (orders, shipments, books, stock, the counter). Issue 34; admins from before it are owners.
     */
    role: text("role", { enum: ["owner", "staff"] })
      .notNull()
      .default("owner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [check("admin_users_role_check", sql`${t.role} in ('owner', 'staff')`)],
);

/**
 * Admin sessions. The cookie carries a random token; the table keeps only its SHA-256, so a leaked
 * database does not hand out live sessions. Expiry rolls forward while the admin keeps working.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end: 12 hours after the sign-in (ASVS 3.3), whatever the activity. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The last request seen (written at most once a minute): 30 minutes without one ends the session. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Where and on what it was opened, for the admin's list of their sessions. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    /**
     * Marked by its admin as the shop's sale device (the counter and fair page): no idle limit, only the
     * 12-hour end, so a phone on the counter is not signed out between customers.
     */
    saleDevice: boolean("sale_device").notNull().default(false),
    /**
     * When this session last proved who holds it: the sign-in, or a step-up (the second factor asked again
     * before an action that moves money or personal data; older than 10 minutes, it is asked again).
     */
    provedAt: timestamp("proved_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'ready': signed in. 'factor': the password was right and the second factor is awaited (a 5-minute
     * session that reaches only the sign-in's second step). 'enrol': signed in with the password by an admin
     * who must enrol a second factor first: it reaches only /admin/seguridad and the sign-out until one is
     * confirmed.
     */
    stage: text("stage", { enum: ["ready", "factor", "enrol"] })
      .notNull()
      .default("ready"),
    /** The WebAuthn challenge this session was last given (a passkey's enrolment or sign-in), single use. */
    challenge: text("challenge"),
  },
  (t) => [
    index("admin_sessions_user_idx").on(t.userId),
    index("admin_sessions_expires_idx").on(t.expiresAt),
    check("admin_sessions_stage_check", sql`${t.stage} in ('ready', 'factor', 'enrol')`),
  ],
);

/**
 * An invitation to join the shop's team (issue 34): a single-use link mailed to `email`, valid 48 hours,
 * that lets the person choose their password and become an admin with `role`. Only the token's SHA-256 is
 * kept; `used_at` is set in the same statement that checks it, so a link works once.
 */
export const adminInvites = pgTable(
  "admin_invites",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "staff"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => adminUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_invites_email_idx").on(t.email),
    check("admin_invites_role_check", sql`${t.role} in ('owner', 'staff')`),
  ],
);

/**
 * An admin's second factors (issue 34): authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn). A TOTP
 * factor is written unconfirmed when its QR is shown and counts only once a code from the app confirmed it;
 * `last_step` is the last 30-second step accepted, so a code seen over a shoulder cannot be used again. A
 * passkey keeps its credential id, public key (COSE, base64url) and signature counter.
 */
export const adminFactors = pgTable(
  "admin_factors",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["totp", "passkey"] }).notNull(),
    label: text("label").notNull(),
    /** TOTP: the shared secret, base32. */
    secret: text("secret"),
    lastStep: bigint("last_step", { mode: "number" }),
    /** Passkey: the credential's id (base64url), public key (base64url COSE), counter and transports. */
    credentialId: text("credential_id").unique(),
    publicKey: text("public_key"),
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_factors_user_idx").on(t.userId),
    check("admin_factors_kind_check", sql`${t.kind} in ('totp', 'passkey')`),
  ],
);

/** Ten single-use recovery codes per admin with a factor; only their SHA-256 is kept. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("admin_recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/**
 * Fixed-window counters for every rate limit (login failures per e-mail and per IP, subscriptions per
 * IP...). Incremented with one atomic upsert, so concurrent requests and several instances count right.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/** Who changed what in the admin, and when (shown on the dashboard). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** Kept as text too, so the log still says who after an admin is removed. */
    adminEmail: text("admin_email").notNull(),
    /** Dotted verb, e.g. "book.create", "carousel.reorder", "expense.delete", "settings.update". */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    /** One Spanish line for people, e.g. "Creó el libro «Facundo»". */
    summary: text("summary").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);

/** The expense ledger (/admin/expenses). Amounts in centavos, dates are Buenos Aires dates. */
export const expenses = pgTable(
  "expenses",
  {
    id: serial("id").primaryKey(),
    date: date("date").notNull(),
    concept: text("concept").notNull(),
    category: text("category").notNull(),
    amountCents: integer("amount_cents").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("expenses_date_idx").on(t.date), check("expenses_amount_positive", sql`${t.amountCents} > 0`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded files (book covers), kept in the database so every instance can serve them. Served as they
 * are under /uploads/{id}.{ext}; resized variants are derived data made by the image pipeline.
 */
export const uploads = pgTable("uploads", {
  id: serial("id").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  width: integer("width"),
  height: integer("height"),
  originalName: text("original_name"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Images from remote hosts (covers on the Tienda Nube CDN, or typed by the admin) with the SHA-256 of
 * their bytes, recorded when the image pipeline first fetches one. Pages put the first 16 hex digits in
 * the optimiser URL (`&v=`) so the variants can be cached as immutable. Uploads carry their own hash in
 * `uploads.sha256`. The variants themselves are derived data on each instance's disk, never here.
 */
export const imageOriginals = pgTable("image_originals", {
  source: text("source").primaryKey(),
  sha256: text("sha256").notNull(),
  size: integer("size").notNull(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The newsletter topics (one list for both forms of the spec; labels shown in the admin). */
export const newsletterTopics = pgTable("newsletter_topics", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  position: integer("position").notNull(),
});

/**
 * Newsletter subscribers. `email` is stored normalised (trimmed, lower-case) and unique, so concurrent
 * sign-ups of one address end in one row. Unsubscribing keeps the row (status 'unsubscribed');
 * subscribing again reactivates it. `subscribed_at` is when the current subscription started.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    name: text("name"),
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    /** Where the first sign-up came from ('carousel', 'shop', 'order_confirmation'...). */
    source: text("source").notNull(),
    status: text("status", { enum: ["active", "unsubscribed"] })
      .notNull()
      .default("active"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("newsletter_subscribers_status_idx").on(t.status),
    check("newsletter_subscribers_status_check", sql`${t.status} in ('active', 'unsubscribed')`),
  ],
);

/**
 * The mail outbox. Every e-mail is a row written in the transaction of the change that causes it,
 * rendered when queued. Workers claim rows with FOR UPDATE SKIP LOCKED and a lease (`locked_until`):
 * a row left 'sending' by a crashed worker is claimed again when its lease ends, with the same
 * Message-ID. `attempts` counts claims; past the limit a row becomes 'failed'.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    messageId: text("message_id").notNull().unique(),
    /** Which template made it ('newsletter-welcome', 'order-received', 'bulk'...). */
    template: text("template").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** Files the worker attaches when it sends, rendered then from their record (an invoice's PDF). */
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>().notNull().default([]),
    status: text("status", { enum: ["queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    check("mail_outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * QR prize codes. `code` is stored upper-case (at most 8 characters). A code is 'pending' until its
 * prize is claimed ('validated'); past `expires_at` it reads as expired.
 */
export const qrCodes = pgTable(
  "qr_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    bookTitle: text("book_title").notNull(),
    description: text("description"),
    status: text("status", { enum: ["pending", "validated"] })
      .notNull()
      .default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
  },
  (t) => [
    check("qr_codes_code_check", sql`${t.code} ~ '^[A-Z0-9]{1,8}$'`),
    check("qr_codes_status_check", sql`${t.status} in ('pending', 'validated')`),
    index("qr_codes_created_idx").on(t.createdAt),
  ],
);

/** The winner of a QR code: UNIQUE on the code, so the database allows exactly one claim per code. */
export const prizeClaims = pgTable(
  "prize_claims",
  {
    id: serial("id").primaryKey(),
    qrCodeId: integer("qr_code_id")
      .notNull()
      .unique()
      .references(() => qrCodes.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    dni: text("dni").notNull(),
    phone: text("phone").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("prize_claims_claimed_idx").on(t.claimedAt), index("prize_claims_email_idx").on(t.email)],
);

/**
 * Caja Rizoma plans: the single source of every box price on the site (DESIGN §5.2). `id` is the plan
 * type the spec names ('monthly', 'semiannual', 'quarterly'); a subscription keeps the price it was sold at.
 */
export const boxPlans = pgTable(
  "box_plans",
  {
    id: text("id").primaryKey(),
    label: text("label").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** The struck-through price (semiannual: six monthly boxes), or null. */
    originalPriceCents: integer("original_price_cents"),
    /** Months between charges (1 monthly, 3 quarterly, 6 semiannual). */
    frequencyMonths: integer("frequency_months").notNull(),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("box_plans_price_positive", sql`${t.priceCents} > 0`),
    check("box_plans_frequency_check", sql`${t.frequencyMonths} between 1 and 12`),
  ],
);

/**
 * Box subscriptions. Plan, price and shipping are captured when the visitor subscribes; the status moves
 * with Mercado Pago's preapproval (pending -> active -> paused/cancelled), each change kept in
 * `box_subscription_events`. `provider_preapproval_id` is Mercado Pago's id (or the sandbox's).
 */
export const boxSubscriptions = pgTable(
  "box_subscriptions",
  {
    id: serial("id").primaryKey(),
    planId: text("plan_id")
      .notNull()
      .references(() => boxPlans.id, { onDelete: "restrict" }),
    priceCents: integer("price_cents").notNull(),
    /** Shipping per box outside CABA/GBA, from the settings' table at subscription (0 when included). */
    shippingCents: integer("shipping_cents").notNull().default(0),
    frequencyMonths: integer("frequency_months").notNull(),
    status: text("status", { enum: ["pending", "active", "paused", "cancelled"] })
      .notNull()
      .default("pending"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    whatsapp: text("whatsapp").notNull(),
    deliveryMethod: text("delivery_method", { enum: ["delivery", "pickup"] }).notNull(),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    pickupLocation: text("pickup_location"),
    providerPreapprovalId: text("provider_preapproval_id").unique(),
    initPoint: text("init_point"),
    nextBoxDate: date("next_box_date"),
    /**
     * When Mercado Pago (or the sandbox) took the preapproval's cancellation, so the charges stopped. A
     * subscription cancelled here without it is one the botón de baja's retry still tells Mercado Pago.
     */
    providerCancelledAt: timestamp("provider_cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("box_subscriptions_status_idx").on(t.status),
    index("box_subscriptions_email_idx").on(t.email),
    index("box_subscriptions_created_idx").on(t.createdAt),
    check("box_subscriptions_status_check", sql`${t.status} in ('pending', 'active', 'paused', 'cancelled')`),
    check("box_subscriptions_delivery_check", sql`${t.deliveryMethod} in ('delivery', 'pickup')`),
  ],
);

/**
 * A Caja Rizoma subscription withdrawn through the botón de arrepentimiento within its 10 days (issue 33,
 * decision 0047): one per subscription (UNIQUE), so a repeated or simultaneous request answers the same
 * 'ARR-' code. `refund_due` is settled when the request is taken (the first charge was taken and no box had
 * shipped); removed with its subscription. The refund at Mercado Pago is claimed with `refund_claimed_at` (a lease) and written once
 * (`refunded_at`), always with `refund_idempotency_key`, so no request, retry or crash refunds twice.
 */
export const boxWithdrawals = pgTable(
  "box_withdrawals",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .unique()
      .references(() => boxSubscriptions.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    email: text("email").notNull(),
    reason: text("reason"),
    refundDue: boolean("refund_due").notNull(),
    /** The box payment (box_payments.provider_payment_id) to refund, when one is due. */
    chargeId: text("charge_id"),
    refundCents: integer("refund_cents"),
    refundIdempotencyKey: text("refund_idempotency_key").notNull(),
    /** Mercado Pago's refund id. */
    refundReference: text("refund_reference"),
    refundClaimedAt: timestamp("refund_claimed_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /**
     * How a box had already reached the subscriber when the withdrawal came, so no refund was due:
     * 'shipped' (a parcel) or 'picked_up' (handed over at the shop, `box_pickups`). Null when none had.
     */
    boxHandedOver: text("box_handed_over", { enum: ["shipped", "picked_up"] }),
    /** Why the last refund attempt at Mercado Pago failed (shown in /admin/arrepentimientos); cleared when made. */
    refundError: text("refund_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("box_withdrawals_refund_idx").on(t.refundDue, t.refundedAt),
    index("box_withdrawals_created_idx").on(t.createdAt),
    check("box_withdrawals_refund_positive", sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
    check("box_withdrawals_handed_over_check", sql`${t.boxHandedOver} in ('shipped', 'picked_up')`),
  ],
);

/**
 * A month's Caja Rizoma handed over at the shop to a subscriber who picks it up (issue 33, decision 0052):
 * what a parcel (`shipments`) is for a box sent to the door. One per subscription and month (UNIQUE), so two
 * clicks record one pickup. A subscription with a box picked up has started to be provided: its withdrawal
 * refunds no charge automatically, as when a box has shipped.
 */
export const boxPickups = pgTable(
  "box_pickups",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => boxSubscriptions.id, { onDelete: "cascade" }),
    /** The box's month, "yyyy-mm" (Buenos Aires), as a parcel's `box_period`. */
    boxPeriod: text("box_period").notNull(),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }).notNull().defaultNow(),
    /** The admin who handed it over (their e-mail, as the audit log names them). */
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [
    uniqueIndex("box_pickups_once_idx").on(t.subscriptionId, t.boxPeriod),
    check("box_pickups_period_check", sql`${t.boxPeriod} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** Every status change of a subscription: who or what moved it ('mercadopago', 'admin', 'subscriber'). */
export const boxSubscriptionEvents = pgTable(
  "box_subscription_events",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => boxSubscriptions.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    source: text("source").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("box_subscription_events_sub_idx").on(t.subscriptionId)],
);

/** Charges of a subscription (Mercado Pago authorized payments). UNIQUE provider id: a replay records nothing. */
export const boxPayments = pgTable(
  "box_payments",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => boxSubscriptions.id, { onDelete: "cascade" }),
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull(),
    /** The box this payment pays for: the 15th of its month (Buenos Aires date). */
    boxDate: date("box_date").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("box_payments_sub_idx").on(t.subscriptionId)],
);

/**
 * The built-in Mercado Pago sandbox's resources (preapprovals, authorized payments, payments), kept in
 * the database so any instance answers for them exactly as the real API would. Unused with real MP.
 */
export const paymentSandboxResources = pgTable(
  "payment_sandbox_resources",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/**
 * Discount codes (/admin/descuentos). `code` is stored upper-case, 3-20 letters and digits. A code gives
 * either a percentage (1-100) or a fixed amount, never both. `used_count` moves only in the transaction
 * of the order that redeems it, with a conditional UPDATE, so `max_uses` holds under any concurrency.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    description: text("description"),
    discountPercentage: integer("discount_percentage"),
    discountAmountCents: integer("discount_amount_cents"),
    minimumAmountCents: integer("minimum_amount_cents").notNull().default(0),
    /** null = unlimited. */
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("discount_codes_code_check", sql`${t.code} ~ '^[A-Z0-9]{3,20}$'`),
    check("discount_codes_one_kind", sql`(${t.discountPercentage} is null) <> (${t.discountAmountCents} is null)`),
    check(
      "discount_codes_percentage_range",
      sql`${t.discountPercentage} is null or ${t.discountPercentage} between 1 and 100`,
    ),
    check("discount_codes_amount_positive", sql`${t.discountAmountCents} is null or ${t.discountAmountCents} > 0`),
    check("discount_codes_minimum_non_negative", sql`${t.minimumAmountCents} >= 0`),
    check("discount_codes_max_uses_positive", sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check(
      "discount_codes_used_within_max",
      sql`${t.usedCount} >= 0 and (${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * Orders of the site's own checkout. Totals are captured in centavos when the order is placed (the server
 * computes every one); `number` is the public order number derived from the id. Status:
 * pending_payment -> paid -> shipped -> delivered, or cancelled (stock returned). The buyer's order page
 * is reached with a signed token, never by number alone.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().generatedAlwaysAs(sql`'RZ-' || lpad(id::text, 6, '0')`),
    status: text("status", { enum: ["pending_payment", "paid", "shipped", "delivered", "cancelled"] })
      .notNull()
      .default("pending_payment"),
    paymentMethod: text("payment_method", { enum: ["transfer", "mercadopago"] }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    deliveryMethod: text("delivery_method", { enum: ["pickup", "caba", "shipping"] }).notNull(),
    /** Carrier speed when `delivery_method` is 'shipping'. */
    shippingSpeed: text("shipping_speed", { enum: ["standard", "fast"] }),
    address: text("address"),
    city: text("city"),
    /** Province code of the settings' shipping table. */
    province: text("province"),
    zipCode: text("zip_code"),
    /** Name of the pickup point chosen (from the settings), when picking up. */
    pickupPoint: text("pickup_point"),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** Discount of the code (applied to the subtotal first). */
    codeDiscountCents: integer("code_discount_cents").notNull().default(0),
    /** The transfer discount (a setting, 15% by default) off what remains, for bank transfers. */
    transferDiscountCents: integer("transfer_discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "restrict" }),
    discountCode: text("discount_code"),
    providerPreferenceId: text("provider_preference_id"),
    providerPaymentId: text("provider_payment_id").unique(),
    paymentUrl: text("payment_url"),
    trackingCode: text("tracking_code"),
    note: text("note"),
    /** An unpaid transfer order is cancelled (stock returned) after this moment. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** The terms the buyer accepted at checkout: their version (a date) and the SHA-256 of their text. */
    termsVersion: text("terms_version"),
    termsHash: text("terms_hash"),
    /**
     * The buyer's CUIT ("XX-XXXXXXXX-X", check digit validated) and legal name when they asked for a
     * Factura A at checkout; null for a final consumer.
     */
    buyerCuit: text("buyer_cuit"),
    buyerLegalName: text("buyer_legal_name"),
    /**
     * The buyer's condición frente al IVA given with the CUIT (issue 32): 'responsable_inscripto',
     * 'monotributo' or 'exento'. Null for a final consumer, and for orders from before it was asked
     * (those were invoiced as Responsable Inscripto).
     */
    buyerTaxCondition: text("buyer_tax_condition", { enum: ["responsable_inscripto", "monotributo", "exento"] }),
    /**
     * A final consumer's DNI (7-8 digits) or CUIL (11 digits), digits only: asked at checkout above ARCA's
     * identification threshold (RG 5700/2025), carried on the voucher (DocTipo 96 or 86).
     */
    buyerDocument: text("buyer_document"),
    /**
     * A carrier's live quote the buyer chose at checkout (issue 21): delivery_method is 'shipping' and the
     * price in shipping_cents is the carrier's (or 0 under the free-shipping threshold). Null: the shop's own
     * rules (pickup, CABA, the province table).
     */
    carrier: text("carrier", { enum: ["correo_argentino", "andreani"] }),
    /** What was chosen with it: door or branch, the carrier's service, its estimated days and the branch. */
    carrierChoice: jsonb("carrier_choice").$type<OrderCarrierChoice>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number_idx").on(t.number),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_email_idx").on(t.email),
    check("orders_status_check", sql`${t.status} in ('pending_payment', 'paid', 'shipped', 'delivered', 'cancelled')`),
    check("orders_payment_method_check", sql`${t.paymentMethod} in ('transfer', 'mercadopago')`),
    check("orders_delivery_method_check", sql`${t.deliveryMethod} in ('pickup', 'caba', 'shipping')`),
    check(
      "orders_carrier_check",
      sql`(${t.carrier} is null and ${t.carrierChoice} is null) or (${t.carrier} in ('correo_argentino', 'andreani') and ${t.carrierChoice} is not null and ${t.deliveryMethod} = 'shipping')`,
    ),
    check(
      "orders_amounts_non_negative",
      sql`${t.subtotalCents} >= 0 and ${t.codeDiscountCents} >= 0 and ${t.transferDiscountCents} >= 0 and ${t.shippingCents} >= 0 and ${t.totalCents} >= 0`,
    ),
  ],
);

/** The lines of an order: title, author and unit price captured when ordered. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** restrict: a book some order references is unpublished, never deleted. */
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    author: text("author").notNull().default(""),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** A pre-order line counts against `preorder_count`, not `stock`. */
    isPreorder: boolean("is_preorder").notNull().default(false),
    /**
     * Fiscal amounts, computed once when the order is placed (DESIGN §8) and never recomputed: what the
     * line costs the buyer after its share of the order's discounts, split into net and national tax at
     * the line's VAT rate ('exento', '0', '10.5', '21', '27') of its fiscal category.
     */
    taxCategory: text("tax_category").notNull().default("libros"),
    taxRate: text("tax_rate", { enum: ["exento", "0", "10.5", "21", "27"] })
      .notNull()
      .default("exento"),
    lineTotalCents: integer("line_total_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_book_idx").on(t.bookId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check("order_items_price_non_negative", sql`${t.unitPriceCents} >= 0`),
    check("order_items_tax_rate_check", sql`${t.taxRate} in ('exento', '0', '10.5', '21', '27')`),
    check(
      "order_items_fiscal_amounts",
      sql`${t.netCents} >= 0 and ${t.taxCents} >= 0 and ${t.netCents} + ${t.taxCents} = ${t.lineTotalCents}`,
    ),
  ],
);

/** Every status change of an order and who made it ('buyer', 'admin', 'mercadopago', 'system'). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    source: text("source").notNull(),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

/**
 * One use of a discount code by one order (UNIQUE per order). Written in the order's transaction together
 * with the conditional increment of `discount_codes.used_count`; `released_at` is set when the order is
 * cancelled and the use given back.
 */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "restrict" }),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [index("discount_redemptions_code_idx").on(t.discountCodeId)],
);

/**
 * Special orders (pedidos especiales): a visitor asks for a book the shop does not have. National
 * requests are promised in 72 business hours, international in at least 15 business days.
 */
export const specialOrders = pgTable(
  "special_orders",
  {
    id: serial("id").primaryKey(),
    bookId: integer("book_id").references(() => books.id, { onDelete: "set null" }),
    bookTitle: text("book_title").notNull(),
    bookAuthor: text("book_author"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    scope: text("scope", { enum: ["national", "international"] }).notNull(),
    note: text("note"),
    status: text("status", { enum: ["nuevo", "cotizado", "encargado", "listo", "entregado", "cancelado"] })
      .notNull()
      .default("nuevo"),
    adminNotes: text("admin_notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("special_orders_status_idx").on(t.status, t.createdAt),
    index("special_orders_email_idx").on(t.email),
    check("special_orders_scope_check", sql`${t.scope} in ('national', 'international')`),
    check(
      "special_orders_status_check",
      sql`${t.status} in ('nuevo', 'cotizado', 'encargado', 'listo', 'entregado', 'cancelado')`,
    ),
  ],
);

/** Replies the shop sent to a special order's requester (each one also an outbox e-mail). */
export const specialOrderReplies = pgTable(
  "special_order_replies",
  {
    id: serial("id").primaryKey(),
    specialOrderId: integer("special_order_id")
      .notNull()
      .references(() => specialOrders.id, { onDelete: "cascade" }),
    adminEmail: text("admin_email").notNull(),
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("special_order_replies_order_idx").on(t.specialOrderId)],
);

/**
 * Withdrawal requests (botón de arrepentimiento, Ley 24.240 art. 34): one per order (UNIQUE), so asking
 * again answers with the same `code`. requested -> cancelled (the order cancelled, stock back when it had
 * not shipped) -> refunded (Mercado Pago refund through its API with `refund_idempotency_key`, or a
 * transfer the shop records with its date and reference).
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** The "código de gestión" the buyer gets ('ARR-' + 8 characters). */
    code: text("code").notNull().unique(),
    email: text("email").notNull(),
    reason: text("reason"),
    status: text("status", { enum: ["requested", "cancelled", "refunded"] })
      .notNull()
      .default("requested"),
    refundMethod: text("refund_method", { enum: ["mercadopago", "transfer"] }),
    refundCents: integer("refund_cents"),
    /** Sent with every refund attempt, so a retried refund is the same refund at Mercado Pago. */
    refundIdempotencyKey: text("refund_idempotency_key").notNull(),
    /** Mercado Pago's refund id, or the transfer's reference. */
    refundReference: text("refund_reference"),
    /** The day the transfer was made (Buenos Aires calendar day). */
    refundedOn: date("refunded_on"),
    /**
     * The lease of a Mercado Pago refund in flight (status still 'cancelled'): set by the click that calls
     * Mercado Pago, cleared when the refund is written or fails; older than the lease, a retry may take it.
     */
    refundClaimedAt: timestamp("refund_claimed_at", { withTimezone: true }),
    /** When the admin recorded that the books of a withdrawn order came back (their stock returned, once). */
    booksReturnedAt: timestamp("books_returned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("withdrawals_status_idx").on(t.status, t.createdAt),
    check("withdrawals_status_check", sql`${t.status} in ('requested', 'cancelled', 'refunded')`),
    check(
      "withdrawals_refund_method_check",
      sql`${t.refundMethod} is null or ${t.refundMethod} in ('mercadopago', 'transfer')`,
    ),
    check("withdrawals_refund_positive", sql`${t.refundCents} is null or ${t.refundCents} >= 0`),
  ],
);

/**
 * Botón de baja of the Caja Rizoma: one row per code sent to an email. The 6-digit code is kept only as a
 * hash, lives 15 minutes and allows 5 attempts; the confirmation that cancels the email's subscriptions
 * sets `confirmed_at` once (a conditional update) and the `cancellation_code` the subscriber keeps.
 */
export const boxCancellations = pgTable(
  "box_cancellations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancellationCode: text("cancellation_code").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("box_cancellations_email_idx").on(t.email, t.createdAt)],
);

/** One line of an invoice as authorised: what the PDF prints, copied from the order line (never recomputed). */
export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Unit price as charged, tax included (before the order's discounts). */
  unitPriceCents: number;
  /** After the line's share of the discounts: net + tax. */
  totalCents: number;
  netCents: number;
  taxCents: number;
  rate: "exento" | "0" | "10.5" | "21" | "27";
}

/** The seller's name, address and start of activities as a voucher prints them. */
export interface InvoiceIssuerSnapshot {
  legalName: string;
  legalAddress: string | null;
  /** yyyy-mm-dd. */
  activityStart: string | null;
}

/** One IVA rate of an invoice (ARCA's AlicIva): its id (3 = 0%, 4 = 10.5%, 5 = 21%, 6 = 27%), base and tax. */
export interface InvoiceVat {
  id: number;
  baseCents: number;
  amountCents: number;
}

/**
 * Electronic invoices and credit notes (ARCA WSFEv1), one row per voucher, which is also its job (the mail
 * outbox's pattern, DESIGN §8): written in the transaction of the sale, claimed with SKIP LOCKED and a lease,
 * retried with backoff. `number` is set and committed before ARCA is asked for it, so a voucher ARCA
 * authorised while we crashed or timed out is found again (FECompConsultar) and never numbered twice.
 * Amounts and lines are copied from the order lines' stored fiscal amounts.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    boxPaymentId: integer("box_payment_id").references(() => boxPayments.id, { onDelete: "restrict" }),
    /** A counter or fair sale (issue 35). */
    saleId: integer("sale_id").references((): AnyPgColumn => sales.id, { onDelete: "restrict" }),
    /** The invoice a credit note cancels (CbtesAsoc). */
    originalInvoiceId: integer("original_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    /** Why a credit note: 'refund', 'cancellation', 'withdrawal'. */
    reason: text("reason"),
    /** Where it was authorised: ARCA's two environments, or the demo's sandbox (no fiscal validity). */
    environment: text("environment", { enum: ["sandbox", "homologacion", "produccion"] }),
    issuerCuit: text("issuer_cuit").notNull(),
    issuerTaxCondition: text("issuer_tax_condition", {
      enum: ["monotributo", "responsable_inscripto", "exento"],
    }).notNull(),
    /** The seller as printed, copied from the fiscal settings when the voucher was written (a legal record). */
    issuer: jsonb("issuer").$type<InvoiceIssuerSnapshot>().notNull(),
    pointOfSale: integer("point_of_sale").notNull(),
    /** ARCA's CbteTipo: 1/6/11 Factura A/B/C, 3/8/13 Nota de crédito A/B/C. */
    voucherType: integer("voucher_type").notNull(),
    number: integer("number"),
    /** CbteFch, the Buenos Aires day the voucher is dated, fixed with its number. */
    issuedOn: date("issued_on"),
    cae: text("cae"),
    caeExpiry: date("cae_expiry"),
    /** DocTipo (80 CUIT, 96 DNI, 99 consumidor final) and DocNro ('0' for an anonymous final consumer). */
    receiverDocType: integer("receiver_doc_type").notNull(),
    receiverDocNumber: text("receiver_doc_number").notNull(),
    receiverName: text("receiver_name").notNull(),
    /** CondicionIVAReceptorId: 1 Responsable Inscripto, 4 Exento, 5 Consumidor Final, 6 Monotributo. */
    receiverTaxCondition: integer("receiver_tax_condition").notNull(),
    receiverAddress: text("receiver_address"),
    receiverEmail: text("receiver_email").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** ImpNeto (taxed net; for a Factura C, the whole amount). */
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** ImpOpEx: exempt operations (books). */
    exemptCents: integer("exempt_cents").notNull(),
    vat: jsonb("vat").$type<InvoiceVat[]>().notNull().default([]),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    status: text("status", { enum: ["pending", "issuing", "issued", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** When FECAESolicitar was sent for `number` (the request may have been authorised unheard). */
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    /**
     * The exact FECAESolicitar detail sent for `number` (issue 32): a number in doubt is settled by re-sending
     * this, never a recomputed request, and compared field by field with what FECompConsultar answers.
     */
    arcaRequest: jsonb("arca_request").$type<Record<string, unknown>>(),
    /**
     * Something the admin must look at that the worker could not settle by itself, with ARCA's answer (e.g.
     * ARCA authorised a number the voucher no longer held). Null when all is well.
     */
    reviewNote: text("review_note"),
    lastError: text("last_error"),
    /** ARCA's observations on an authorised voucher ("code: message" lines). */
    observations: text("observations"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_order_once_idx").on(t.orderId).where(sql`${t.kind} = 'invoice' and ${t.orderId} is not null`),
    uniqueIndex("invoices_box_payment_once_idx")
      .on(t.boxPaymentId)
      .where(sql`${t.kind} = 'invoice' and ${t.boxPaymentId} is not null`),
    uniqueIndex("invoices_sale_once_idx").on(t.saleId).where(sql`${t.kind} = 'invoice' and ${t.saleId} is not null`),
    uniqueIndex("invoices_credit_note_once_idx").on(t.originalInvoiceId).where(sql`${t.kind} = 'credit_note'`),
    uniqueIndex("invoices_number_idx")
      .on(t.environment, t.issuerCuit, t.pointOfSale, t.voucherType, t.number)
      .where(sql`${t.number} is not null`),
    index("invoices_due_idx").on(t.status, t.nextAttemptAt),
    index("invoices_created_idx").on(t.createdAt),
    index("invoices_issued_on_idx").on(t.issuedOn),
    check("invoices_kind_check", sql`${t.kind} in ('invoice', 'credit_note')`),
    check("invoices_status_check", sql`${t.status} in ('pending', 'issuing', 'issued', 'failed', 'cancelled')`),
    check(
      "invoices_source_check",
      sql`(${t.kind} = 'invoice' and num_nonnulls(${t.orderId}, ${t.boxPaymentId}, ${t.saleId}) = 1 and ${t.originalInvoiceId} is null)
        or (${t.kind} = 'credit_note' and ${t.originalInvoiceId} is not null)`,
    ),
    check(
      "invoices_amounts_check",
      sql`${t.netCents} >= 0 and ${t.vatCents} >= 0 and ${t.exemptCents} >= 0 and ${t.netCents} + ${t.vatCents} + ${t.exemptCents} = ${t.totalCents}`,
    ),
    check("invoices_issued_check", sql`${t.status} <> 'issued' or (${t.cae} is not null and ${t.number} is not null)`),
  ],
);

/**
 * Who is numbering vouchers of one point of sale and type right now: a lease row, so that across workers
 * and instances only one asks ARCA for the next number at a time (ARCA refuses any number but last + 1).
 */
export const invoiceSequences = pgTable(
  "invoice_sequences",
  {
    environment: text("environment").notNull(),
    issuerCuit: text("issuer_cuit").notNull(),
    pointOfSale: integer("point_of_sale").notNull(),
    voucherType: integer("voucher_type").notNull(),
    holder: text("holder"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.environment, t.issuerCuit, t.pointOfSale, t.voucherType] })],
);

/**
 * WSAA login tickets (token and sign, about 12 hours), shared by every instance: ARCA refuses a second
 * login while a ticket is valid. `locked_until` is the lease of the instance logging in.
 */
export const arcaTickets = pgTable(
  "arca_tickets",
  {
    environment: text("environment").notNull(),
    cuit: text("cuit").notNull(),
    service: text("service").notNull(),
    token: text("token"),
    sign: text("sign"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.service] })],
);

/** The demo's built-in ARCA: the vouchers it "authorised" (no fiscal validity), numbered per point of sale and type. */
export const arcaSandboxVouchers = pgTable(
  "arca_sandbox_vouchers",
  {
    cuit: text("cuit").notNull(),
    pointOfSale: integer("point_of_sale").notNull(),
    voucherType: integer("voucher_type").notNull(),
    number: integer("number").notNull(),
    cae: text("cae").notNull(),
    caeExpiry: date("cae_expiry").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cuit, t.pointOfSale, t.voucherType, t.number] })],
);

/**
 * Customer accounts (issue 20). A customer is their email (DESIGN §8), lower-cased and trimmed: orders,
 * subscriptions, special orders, prizes, alerts and newsletter rows join on it, and signing in proves the
 * email without creating a second identity. This row holds only what the person saved in /cuenta (name,
 * phone) and the token of their shareable "Quiero leerlo" list; it is written at the first sign-in.
 */
export const customers = pgTable("customers", {
  email: text("email").primaryKey(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  phone: text("phone"),
  /** The random part of the read-only wishlist link (/quiero-leer/{token}); null until first shared. */
  wishlistToken: text("wishlist_token").unique(),
  lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The addresses a customer saved; at most one is the default (pre-fills checkout). */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    email: text("email")
      .notNull()
      .references(() => customers.email, { onDelete: "cascade" }),
    /** The customer's own name for it ("Casa", "Trabajo"). */
    label: text("label").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    /** Province code of the settings' shipping table. */
    province: text("province").notNull(),
    zipCode: text("zip_code").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_addresses_email_idx").on(t.email),
    uniqueIndex("customer_addresses_one_default").on(t.email).where(sql`${t.isDefault}`),
  ],
);

/**
 * Sign-in codes: one row per e-mail sent, with a 6-digit code and a magic link, both kept only as keyed
 * hashes. 15 minutes, single use (`used_at`, set by one conditional update), 5 attempts.
 */
export const customerCodes = pgTable(
  "customer_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    linkHash: text("link_hash").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_codes_email_idx").on(t.email, t.createdAt)],
);

/** Customer sessions (the `rizoma_cuenta` cookie, `__Host-rizoma_cuenta` on https), apart from the admin's; the token only as a SHA-256. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    /** 30 days after sign-in, never moved (issue 34 item 5). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When this browser last proved it reads the email: the sign-in, or a fresh code asked for before
     * deleting the account or downloading its data (app/domain/accounts/fresh-code.server.ts).
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_sessions_email_idx").on(t.email), index("customer_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * "Avisame cuando vuelva" ('restock': stock goes from 0 to more) and "Avisame cuando salga" ('release': a
 * pre-sale's release date arrives). One waiting alert per book, email and kind; `notified_at` is set by the
 * conditional update that queues its single e-mail, in the transaction that changed the stock.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    kind: text("kind", { enum: ["restock", "release"] }).notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_alerts_waiting_idx").on(t.bookId, t.email, t.kind).where(sql`${t.notifiedAt} is null`),
    index("stock_alerts_email_idx").on(t.email),
    check("stock_alerts_kind_check", sql`${t.kind} in ('restock', 'release')`),
  ],
);

/** "Quiero leerlo": the books a signed-in reader keeps for later. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    email: text("email").notNull(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.bookId] }), index("wishlist_items_book_idx").on(t.bookId)],
);

/** One line of a remembered cart. */
export interface RememberedCartItem {
  bookId: number;
  quantity: number;
}

/**
 * Abandoned checkout: the buyer typed an email and ticked "Recordame mi carrito". One reminder at
 * `remind_at` (a setting after the last change) unless an order with that email followed (`cancelled_at`);
 * the job claims due rows with SKIP LOCKED and sets `sent_at` in the transaction that queues the e-mail.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    items: jsonb("items").$type<RememberedCartItem[]>().notNull(),
    remindAt: timestamp("remind_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_reminders_open_idx").on(t.email).where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
    index("cart_reminders_due_idx").on(t.remindAt).where(sql`${t.sentAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** What an order keeps of the carrier option its buyer chose (orders.carrier_choice). */
export interface OrderCarrierChoice {
  kind: "home" | "branch";
  /** The carrier's service as shown ("Correo Argentino Clásico") and its code, sent when the shipment is made. */
  service: string;
  serviceCode: string;
  /** Business days the carrier estimated at checkout. */
  days: { min: number; max: number };
  /** The branch where the buyer picks the parcel up, for `kind` "branch" (a snapshot of the carrier's data). */
  branch: { id: string; name: string; address: string; city: string; zip: string } | null;
}

/** One step of a shipment's way as its carrier reported it (shipments.events). */
export interface ShipmentEvent {
  at: string;
  status: "created" | "in_transit" | "at_branch" | "out_for_delivery" | "delivered" | "failed";
  description: string;
  place: string | null;
}

/**
 * A parcel sent with a carrier (issue 21): one per order, or one per box subscription and month. The
 * admin's "Crear envío" inserts it 'creating' (the unique indexes settle double clicks and two admins), the
 * carrier's answer makes it 'created' with its tracking number and label; the tracking job follows it
 * ('in_transit') until 'delivered', which sets the order's delivered_at. A failed creation stays 'failed'
 * with the carrier's reason until the admin tries again; 'cancelled' frees the order for a new one.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "restrict" }),
    boxSubscriptionId: integer("box_subscription_id").references(() => boxSubscriptions.id, {
      onDelete: "restrict",
    }),
    /** The box's month, "yyyy-mm" (Buenos Aires), for a box's parcel. */
    boxPeriod: text("box_period"),
    carrier: text("carrier", { enum: ["correo_argentino", "andreani"] }).notNull(),
    kind: text("kind", { enum: ["home", "branch"] }).notNull(),
    service: text("service").notNull(),
    serviceCode: text("service_code").notNull(),
    branchId: text("branch_id"),
    /** The shop's reference the carrier keeps: the order number, or "CAJA-yyyy-mm-<subscription>". */
    reference: text("reference").notNull(),
    trackingNumber: text("tracking_number"),
    label: bytea("label"),
    status: text("status", { enum: ["creating", "created", "in_transit", "delivered", "failed", "cancelled"] })
      .notNull()
      .default("creating"),
    events: jsonb("events").$type<ShipmentEvent[]>().notNull().default([]),
    lastError: text("last_error"),
    /** A 'creating' row's lease (a crash mid-call frees it) and the tracking job's claim. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    nextPollAt: timestamp("next_poll_at", { withTimezone: true }),
    pollFailures: integer("poll_failures").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("shipments_order_once_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null and ${t.status} <> 'cancelled'`),
    uniqueIndex("shipments_box_once_idx")
      .on(t.boxSubscriptionId, t.boxPeriod)
      .where(sql`${t.boxSubscriptionId} is not null and ${t.status} <> 'cancelled'`),
    uniqueIndex("shipments_tracking_idx").on(t.carrier, t.trackingNumber).where(sql`${t.trackingNumber} is not null`),
    index("shipments_poll_idx").on(t.status, t.nextPollAt),
    index("shipments_created_idx").on(t.createdAt),
    check("shipments_source_check", sql`num_nonnulls(${t.orderId}, ${t.boxSubscriptionId}) = 1`),
    check("shipments_box_period_check", sql`(${t.boxSubscriptionId} is null) = (${t.boxPeriod} is null)`),
    check("shipments_carrier_check", sql`${t.carrier} in ('correo_argentino', 'andreani')`),
    check("shipments_kind_check", sql`${t.kind} in ('home', 'branch')`),
    check(
      "shipments_status_check",
      sql`${t.status} in ('creating', 'created', 'in_transit', 'delivered', 'failed', 'cancelled')`,
    ),
    check(
      "shipments_tracking_check",
      sql`${t.status} not in ('created', 'in_transit', 'delivered') or ${t.trackingNumber} is not null`,
    ),
  ],
);

/**
 * A bulk price update (issue 22): which books (scope), what change and rounding, and whether promotional
 * and pre-order prices followed. `undoneAt` is set once by "Deshacer" (a conditional update settles two
 * clicks); only the newest update that is not undone can be undone.
 */
export interface PriceUpdateScope {
  kind: "all" | "category" | "publisher" | "author";
  /** The category key, publisher or author name; null for "all". */
  value: string | null;
}
export interface PriceUpdateChange {
  mode: "percent" | "amount";
  /** Percent (e.g. 12 or -5.5) or pesos (e.g. 1500 or -300). */
  value: number;
  rounding: "none" | "100" | "500" | "900";
  followPromotional: boolean;
  followPreorder: boolean;
}
export const priceUpdates = pgTable("price_updates", {
  id: serial("id").primaryKey(),
  adminEmail: text("admin_email").notNull(),
  scope: jsonb("scope").$type<PriceUpdateScope>().notNull(),
  change: jsonb("change").$type<PriceUpdateChange>().notNull(),
  bookCount: integer("book_count").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  undoneAt: timestamp("undone_at", { withTimezone: true }),
  undoneBy: text("undone_by"),
});

/** Each book an update touched, with its prices before and after (centavos), so "Deshacer" restores them. */
export const priceUpdateItems = pgTable(
  "price_update_items",
  {
    updateId: integer("update_id")
      .notNull()
      .references(() => priceUpdates.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    oldPriceCents: integer("old_price_cents"),
    newPriceCents: integer("new_price_cents"),
    oldPromotionalPriceCents: integer("old_promotional_price_cents"),
    newPromotionalPriceCents: integer("new_promotional_price_cents"),
    oldPreorderPriceCents: integer("old_preorder_price_cents"),
    newPreorderPriceCents: integer("new_preorder_price_cents"),
  },
  (t) => [primaryKey({ columns: [t.updateId, t.bookId] }), index("price_update_items_book_idx").on(t.bookId)],
);

/**
 * A book fair or presentation where the shop sells from its own table (issue 35): its own stock
 * (`fair_stock`), its sellers, and an optional discount on every sale made there (Ley 25.542 art. 4 allows
 * up to 10% off new books only at fairs declared of interest; the admin is told so, the shop does not guess).
 * 'planned' → 'open' (stock may be moved and sold) → 'closed' (the remainder moved back, shortages recorded).
 */
export const fairs = pgTable(
  "fairs",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    place: text("place").notNull().default(""),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    status: text("status", { enum: ["planned", "open", "closed"] })
      .notNull()
      .default("planned"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("fairs_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("fairs_discount_check", sql`${t.discountPercent} between 0 and 100`),
    check("fairs_status_check", sql`${t.status} in ('planned', 'open', 'closed')`),
  ],
);

/** Who sells at a fair (admins of any role). */
export const fairSellers = pgTable(
  "fair_sellers",
  {
    fairId: integer("fair_id")
      .notNull()
      .references(() => fairs.id, { onDelete: "cascade" }),
    adminId: integer("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.fairId, t.adminId] })],
);

/**
 * A fair's own stock of one book: `quantity` is what should be on the fair's table now (moved there minus
 * sold minus moved back). The online shop sells only `books.stock`, the shop's; a book moved to a fair
 * leaves it. At the close, what was counted goes back and the difference is recorded as `short_quantity`.
 */
export const fairStock = pgTable(
  "fair_stock",
  {
    fairId: integer("fair_id")
      .notNull()
      .references(() => fairs.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull().default(0),
    sentQuantity: integer("sent_quantity").notNull().default(0),
    returnedQuantity: integer("returned_quantity").notNull().default(0),
    shortQuantity: integer("short_quantity").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.fairId, t.bookId] }),
    check(
      "fair_stock_non_negative",
      sql`${t.quantity} >= 0 and ${t.sentQuantity} >= 0 and ${t.returnedQuantity} >= 0 and ${t.shortQuantity} >= 0`,
    ),
  ],
);

/**
 * A sale at the counter or at a fair (issue 35, DESIGN §9 "a sale is a sale"). `client_id` is the UUID the
 * phone made: UNIQUE, so a replay or a race returns the first sale. `sold_at` is when the phone recorded it
 * (earlier than `created_at` when it was made offline and synced later). A Mercado Pago QR sale waits in
 * 'pending_payment' until Mercado Pago's notification; the others are 'paid' when recorded. A sale is never
 * refused for stock (the book has left the table): lines the location did not have are listed in
 * `stock_short` for the admin, and the stock stops at zero.
 */
export const sales = pgTable(
  "sales",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().generatedAlwaysAs(sql`'VT-' || lpad(id::text, 6, '0')`),
    clientId: text("client_id").notNull(),
    channel: text("channel", { enum: ["counter", "fair"] }).notNull(),
    fairId: integer("fair_id").references(() => fairs.id, { onDelete: "restrict" }),
    status: text("status", { enum: ["pending_payment", "paid", "cancelled"] })
      .notNull()
      .default("paid"),
    paymentMethod: text("payment_method", { enum: ["cash", "transfer", "card", "mercadopago_qr"] }).notNull(),
    /** Sum of the lines at the prices charged, before the whole-sale discount. */
    subtotalCents: integer("subtotal_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    /** Cash handed over and the change given, when paid in cash and the seller typed it. */
    cashReceivedCents: integer("cash_received_cents"),
    changeCents: integer("change_cents"),
    customerEmail: text("customer_email"),
    customerCuit: text("customer_cuit"),
    customerLegalName: text("customer_legal_name"),
    customerTaxCondition: text("customer_tax_condition", {
      enum: ["responsable_inscripto", "monotributo", "exento"],
    }),
    /** A final consumer's DNI or CUIL (digits), asked above ARCA's identification threshold as at checkout. */
    customerDocument: text("customer_document"),
    sellerId: integer("seller_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** The seller's name as it was (a legal and cash record outlives an admin account). */
    sellerName: text("seller_name").notNull(),
    /** Recorded without a connection and synced later. */
    offline: boolean("offline").notNull().default(false),
    /** Lines sold beyond the location's stock: [{bookId, title, requested, available}]. */
    stockShort: jsonb("stock_short").$type<SaleStockShort[]>(),
    shortReviewedAt: timestamp("short_reviewed_at", { withTimezone: true }),
    /** Mercado Pago's in-person order (QR) and the payment that settled it. */
    providerOrderId: text("provider_order_id").unique(),
    providerPaymentId: text("provider_payment_id").unique(),
    qrData: text("qr_data"),
    /** When the QR stops taking payments at Mercado Pago (the order's `expiration_time`, counted from its creation). */
    qrExpiresAt: timestamp("qr_expires_at", { withTimezone: true }),
    /**
     * Money Mercado Pago took that did not settle the sale (docs/decisions/0051): an amount other than the
     * sale's, or a payment that arrived after the sale was cancelled (then refunded). Shown to the admin.
     */
    paymentIssue: jsonb("payment_issue").$type<SalePaymentIssue>(),
    note: text("note"),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sales_client_id_idx").on(t.clientId),
    uniqueIndex("sales_number_idx").on(t.number),
    index("sales_sold_at_idx").on(t.soldAt),
    index("sales_fair_idx").on(t.fairId),
    index("sales_customer_email_idx").on(t.customerEmail),
    check("sales_channel_check", sql`${t.channel} in ('counter', 'fair')`),
    check("sales_channel_fair_check", sql`(${t.channel} = 'fair') = (${t.fairId} is not null)`),
    check("sales_status_check", sql`${t.status} in ('pending_payment', 'paid', 'cancelled')`),
    check("sales_payment_check", sql`${t.paymentMethod} in ('cash', 'transfer', 'card', 'mercadopago_qr')`),
    check(
      "sales_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0 and ${t.discountPercent} between 0 and 100 and ${t.subtotalCents} - ${t.discountCents} = ${t.totalCents}`,
    ),
  ],
);

/** A payment of a QR sale that Mercado Pago took but that did not settle it (sales.payment_issue). */
export interface SalePaymentIssue {
  kind: "amount_mismatch" | "paid_after_cancel";
  /** Mercado Pago's order and the payment inside it. */
  orderId: string;
  paymentId: string | null;
  /** What the buyer paid, in centavos. */
  paidCents: number;
  /** When the shop found out (ISO 8601). */
  at: string;
  /** The refund at Mercado Pago, when one was asked for (a payment after the sale was cancelled). */
  refund: { status: "done" | "failed"; at: string; error?: string } | null;
}

export interface SaleStockShort {
  bookId: number;
  title: string;
  requested: number;
  available: number;
}

/**
 * The lines of a sale. `list_price_cents` is the book's price when sold; `unit_price_cents` what was
 * charged (a fair price or a signed copy may differ: both are kept). Fiscal amounts as in `order_items`.
 */
export const saleItems = pgTable(
  "sale_items",
  {
    id: serial("id").primaryKey(),
    saleId: integer("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    author: text("author").notNull().default(""),
    isbn: text("isbn"),
    listPriceCents: integer("list_price_cents"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** The line's own discount (percent of unit × quantity), before the whole-sale discount. */
    discountPercent: integer("discount_percent").notNull().default(0),
    taxCategory: text("tax_category").notNull().default("libros"),
    taxRate: text("tax_rate", { enum: ["exento", "0", "10.5", "21", "27"] })
      .notNull()
      .default("exento"),
    lineTotalCents: integer("line_total_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
  },
  (t) => [
    index("sale_items_sale_idx").on(t.saleId),
    index("sale_items_book_idx").on(t.bookId),
    check("sale_items_quantity_positive", sql`${t.quantity} > 0`),
    check("sale_items_price_non_negative", sql`${t.unitPriceCents} >= 0`),
    check("sale_items_discount_check", sql`${t.discountPercent} between 0 and 100`),
    check("sale_items_tax_rate_check", sql`${t.taxRate} in ('exento', '0', '10.5', '21', '27')`),
    check(
      "sale_items_fiscal_amounts",
      sql`${t.netCents} >= 0 and ${t.taxCents} >= 0 and ${t.netCents} + ${t.taxCents} = ${t.lineTotalCents}`,
    ),
  ],
);

/**
 * The stock that sales and fairs move, by location (DESIGN §9): the shop (`books.stock`, what the online shop
 * sells) or a fair (`fair_stock`). Online orders (and their cancellations), counter and fair sales, moves to
 * and from fairs and a fair's shortages write here, in the transaction that changes the stock. The admin's
 * own corrections (the book form, imports, Tienda Nube) set the count and are audited, not written here.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookId: integer("book_id")
      .notNull()
      .references(() => books.id, { onDelete: "cascade" }),
    location: text("location", { enum: ["shop", "fair"] }).notNull(),
    fairId: integer("fair_id").references(() => fairs.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", {
      enum: ["order", "order_cancelled", "sale", "sale_cancelled", "fair_out", "fair_back", "fair_short"],
    }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    saleId: integer("sale_id").references(() => sales.id, { onDelete: "set null" }),
    adminId: integer("admin_id").references(() => adminUsers.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_book_idx").on(t.bookId, t.at),
    index("stock_movements_sale_idx").on(t.saleId),
    index("stock_movements_fair_idx").on(t.fairId),
    check("stock_movements_location_check", sql`(${t.location} = 'fair') = (${t.fairId} is not null)`),
    check(
      "stock_movements_reason_check",
      sql`${t.reason} in ('order', 'order_cancelled', 'sale', 'sale_cancelled', 'fair_out', 'fair_back', 'fair_short')`,
    ),
  ],
);

/**
 * The day's cash closing of one place (issue 35, "cierre de caja"): the counter (`fair_id` null) or one fair.
 * UNIQUE (day, fair_id) with NULLS NOT DISTINCT, so two people closing the same place and day at once leave
 * one row: the second is told the first closed it. `expected_cents` = the opening float + the cash sales'
 * totals when it was closed; `difference_cents` = counted − expected (negative: cash missing). The cash
 * sales and the sales count are kept as they were at the closing, so a sale synced later (made offline)
 * shows up as a change after the closing. Reopening (owner only, audited) deletes the row.
 */
export const cashClosings = pgTable(
  "cash_closings",
  {
    id: serial("id").primaryKey(),
    /** The Buenos Aires day closed, "YYYY-MM-DD". */
    day: date("day", { mode: "string" }).notNull(),
    fairId: integer("fair_id").references(() => fairs.id, { onDelete: "restrict" }),
    openingFloatCents: integer("opening_float_cents").notNull().default(0),
    cashSalesCents: integer("cash_sales_cents").notNull(),
    salesCount: integer("sales_count").notNull(),
    expectedCents: integer("expected_cents").notNull(),
    countedCents: integer("counted_cents").notNull(),
    differenceCents: integer("difference_cents").notNull(),
    note: text("note"),
    closedById: integer("closed_by_id").references(() => adminUsers.id, { onDelete: "set null" }),
    /** Who closed it, as they were called then (a cash record outlives an admin account). */
    closedByName: text("closed_by_name").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("cash_closings_day_place").on(t.day, t.fairId).nullsNotDistinct(),
    check(
      "cash_closings_amounts",
      sql`${t.openingFloatCents} >= 0 and ${t.cashSalesCents} >= 0 and ${t.countedCents} >= 0 and ${t.salesCount} >= 0 and ${t.expectedCents} = ${t.openingFloatCents} + ${t.cashSalesCents} and ${t.differenceCents} = ${t.countedCents} - ${t.expectedCents}`,
    ),
  ],
);

/**
 * Every sale the shop made, whatever the channel (DESIGN §9 "a sale is a sale", docs/decisions/0039): online
 * orders and counter and fair sales in one shape, so the reports, the customers' history and the dashboard
 * read one thing. `status` is normalised: 'paid' is a sale (an order paid, shipped or delivered; a sale
 * paid), 'pending_payment' and 'cancelled' are not. `sold_at` is the sale's moment: an order's payment (its
 * creation if it reached a paid status without one), a counter or fair sale's `sold_at`. `discount_cents`:
 * an order's code and transfer discounts; a sale's whole-sale discount. Shipping is 0 for a sale.
 */
export const saleRecords = pgView("sale_records", {
  source: text("source", { enum: ["order", "sale"] }).notNull(),
  id: integer("id").notNull(),
  number: text("number").notNull(),
  channel: text("channel", { enum: ["online", "counter", "fair"] }).notNull(),
  fairId: integer("fair_id"),
  status: text("status", { enum: ["pending_payment", "paid", "cancelled"] }).notNull(),
  paymentMethod: text("payment_method", {
    enum: ["transfer", "mercadopago", "cash", "card", "mercadopago_qr"],
  }).notNull(),
  email: text("email"),
  customerName: text("customer_name"),
  subtotalCents: integer("subtotal_cents").notNull(),
  discountCents: integer("discount_cents").notNull(),
  shippingCents: integer("shipping_cents").notNull(),
  totalCents: integer("total_cents").notNull(),
  soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  sellerId: integer("seller_id"),
  sellerName: text("seller_name"),
}).as(sql`
  select 'order'::text as source, o.id, o.number, 'online'::text as channel, null::integer as fair_id,
         case when o.status in ('paid', 'shipped', 'delivered') then 'paid' else o.status end as status,
         o.payment_method, o.email,
         nullif(btrim(o.first_name || ' ' || o.last_name), '') as customer_name,
         o.subtotal_cents, o.code_discount_cents + o.transfer_discount_cents as discount_cents,
         o.shipping_cents, o.total_cents, coalesce(o.paid_at, o.created_at) as sold_at, o.created_at,
         null::integer as seller_id, null::text as seller_name
  from orders o
  union all
  select 'sale'::text, s.id, s.number, s.channel, s.fair_id, s.status, s.payment_method, s.customer_email,
         nullif(btrim(coalesce(s.customer_legal_name, '')), ''), s.subtotal_cents, s.discount_cents, 0,
         s.total_cents, s.sold_at, s.created_at, s.seller_id, s.seller_name
  from sales s`);

/**
 * The lines of every sale (`sale_records`' order and sale lines), with their sale's channel, status and
 * moment, so a report of books needs no join: `line_total_cents` is after the line's share of the
 * discounts, `net_cents` + `tax_cents` = `line_total_cents` (DESIGN §8).
 */
export const saleRecordLines = pgView("sale_record_lines", {
  source: text("source", { enum: ["order", "sale"] }).notNull(),
  recordId: integer("record_id").notNull(),
  lineId: integer("line_id").notNull(),
  bookId: integer("book_id").notNull(),
  title: text("title").notNull(),
  author: text("author").notNull(),
  quantity: integer("quantity").notNull(),
  unitPriceCents: integer("unit_price_cents").notNull(),
  lineTotalCents: integer("line_total_cents").notNull(),
  netCents: integer("net_cents").notNull(),
  taxCents: integer("tax_cents").notNull(),
  channel: text("channel", { enum: ["online", "counter", "fair"] }).notNull(),
  fairId: integer("fair_id"),
  status: text("status", { enum: ["pending_payment", "paid", "cancelled"] }).notNull(),
  soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
  sellerId: integer("seller_id"),
}).as(sql`
  select 'order'::text as source, i.order_id as record_id, i.id as line_id, i.book_id, i.title, i.author,
         i.quantity, i.unit_price_cents, i.line_total_cents, i.net_cents, i.tax_cents,
         'online'::text as channel, null::integer as fair_id,
         case when o.status in ('paid', 'shipped', 'delivered') then 'paid' else o.status end as status,
         coalesce(o.paid_at, o.created_at) as sold_at, null::integer as seller_id
  from order_items i join orders o on o.id = i.order_id
  union all
  select 'sale'::text, i.sale_id, i.id, i.book_id, i.title, i.author, i.quantity, i.unit_price_cents,
         i.line_total_cents, i.net_cents, i.tax_cents, s.channel, s.fair_id, s.status, s.sold_at, s.seller_id
  from sale_items i join sales s on s.id = i.sale_id`);
