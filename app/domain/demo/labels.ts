/** What the "Pasar a producción" page shows; shared by the server and the page. */

/** What "Pasar a producción" offers to delete, counted now (shown in its confirmation). */
export interface DemoData {
  books: number;
  orders: number;
  /** Counter and fair sales (issue 35). */
  sales: number;
  fairs: number;
  specialOrders: number;
  boxSubscriptions: number;
  newsletterSubscribers: number;
  qrCodes: number;
  invoices: number;
  mail: number;
  sandboxPayments: number;
}

export const DEMO_DATA_LABELS: Record<keyof DemoData, [one: string, many: string]> = {
  books: ["libro del catálogo de demostración", "libros del catálogo de demostración"],
  orders: ["pedido (con sus artículos e historial)", "pedidos (con sus artículos e historial)"],
  sales: [
    "venta en el local o en una feria (con su comprobante)",
    "ventas en el local y en ferias (con sus comprobantes)",
  ],
  fairs: ["feria (con su stock y sus movimientos)", "ferias (con su stock y sus movimientos)"],
  specialOrders: ["pedido especial (con sus respuestas)", "pedidos especiales (con sus respuestas)"],
  boxSubscriptions: [
    "suscripción a la Caja Rizoma (con sus cobros)",
    "suscripciones a la Caja Rizoma (con sus cobros)",
  ],
  newsletterSubscribers: ["suscriptor del newsletter", "suscriptores del newsletter"],
  qrCodes: ["código QR (con su ganador)", "códigos QR (con sus ganadores)"],
  invoices: ["factura o nota de crédito", "facturas y notas de crédito"],
  mail: ["correo de la bandeja de salida", "correos de la bandeja de salida"],
  sandboxPayments: ["pago simulado del sandbox", "pagos simulados del sandbox"],
};

export const CONFIRM_LEAVING = "Escribí PRODUCCION para confirmar.";
