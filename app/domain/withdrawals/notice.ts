import { WITHDRAWAL_DAYS } from "./window";

/**
 * The withdrawal right told in plain sight (Ley 24.240 art. 34; CCyC art. 1111: unless the buyer is told,
 * the right does not expire): how long, that it is free, and how. The checkout shows it just above its
 * confirm button and the order's letters at their top, highlighted, with the same words. Client-safe.
 */
export const WITHDRAWAL_NOTICE_TITLE = `Tenés ${WITHDRAWAL_DAYS} días para arrepentirte de tu compra`;
export const WITHDRAWAL_NOTICE_BODY = `Podés arrepentirte sin costo ni explicaciones dentro de los ${WITHDRAWAL_DAYS} días corridos desde que recibís el pedido.`;
/** How: followed by a link to /arrepentimiento named "Botón de arrepentimiento". */
export const WITHDRAWAL_NOTICE_HOW = "Lo pedís con el";
