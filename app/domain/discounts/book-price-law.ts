/**
 * Ley 25.542 (precio uniforme de venta al público de libros) art. 4, in one sentence for the admin
 * (docs/decisions/0024-transfer-discount.md): shown beside the transfer discount in Ajustes and beside
 * the discount-code form, since a code on new books falls under the same rule. Client-safe.
 */
export const BOOK_PRICE_LAW_NOTE =
  "La Ley 25.542 (art. 4) limita los descuentos sobre el precio de venta al público de los libros nuevos: hasta un 10%, y solo en ferias y jornadas declaradas de interés público o en ventas a bibliotecas e instituciones culturales sin fines de lucro. Cumplirla es responsabilidad de la tienda.";
