/**
 * Box prices the public pages show, in centavos (DESIGN §5.2: monthly $54.000).
 *
 * Temporary single source: there is no `box_plans` table yet. The box subscription issue replaces this
 * module with a read of `box_plans` (the one source of every box price); until then every screen that
 * shows a box price imports it from here, so there is exactly one place to change. Client-safe.
 */
export const BOX_MONTHLY_PRICE_CENTS = 5_400_000;

/** Surprise books in each monthly box (storefront spec §9). */
export const BOX_BOOKS_PER_MONTH = 2;
