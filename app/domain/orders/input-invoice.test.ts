import { describe, expect, it } from "vitest";
import { zodMessage } from "~/lib/zod-spanish";
import { INVOICE_FIELD_MESSAGES, orderInputSchema, orderInputSchemaFor } from "./input";

/** The checkout's optional invoice fields (issue 19): both or neither, a CUIT with its check digit. */
const body = (customer: Record<string, unknown> = {}) => ({
  items: [{ id: 1, quantity: 1 }],
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234", ...customer },
  delivery: { method: "pickup" },
  paymentMethod: "transfer",
});

const failure = (schema: typeof orderInputSchema, customer: Record<string, unknown>) => {
  const parsed = schema.safeParse(body(customer));
  if (parsed.success) throw new Error("expected the body to be refused");
  return { message: zodMessage(parsed.error), path: parsed.error.issues[0]?.path };
};

describe("the invoice fields of an order", () => {
  it("are optional: without them (absent, empty or null) the order is a final consumer's", () => {
    for (const customer of [{}, { cuit: "", legalName: "  " }, { cuit: null, legalName: null }]) {
      const parsed = orderInputSchema.parse(body(customer));
      expect(parsed.customer.cuit).toBeNull();
      expect(parsed.customer.legalName).toBeNull();
    }
  });

  it("keep the CUIT normalised as XX-XXXXXXXX-X whatever way it was typed, and the razón social trimmed", () => {
    for (const cuit of ["30716543214", "30-71654321-4", " 30 71654321 4 ", "30.71654321.4"]) {
      const parsed = orderInputSchema.parse(body({ cuit, legalName: "  Librería del Sur SRL " }));
      expect(parsed.customer).toMatchObject({ cuit: "30-71654321-4", legalName: "Librería del Sur SRL" });
    }
  });

  it("refuse a CUIT whose check digit, length or characters are wrong", () => {
    for (const cuit of ["30-71654321-5", "3071654321", "307165432144", "30-7165432A-4", "20-00000000-0x"]) {
      expect(failure(orderInputSchema, { cuit, legalName: "Librería del Sur SRL" })).toEqual({
        message: "El CUIT no es válido: revisá los 11 dígitos (XX-XXXXXXXX-X)",
        path: ["customer", "cuit"],
      });
    }
  });

  it("go together: one without the other names the missing one, in the words of the shop's invoice", () => {
    expect(failure(orderInputSchema, { cuit: "30-71654321-4" })).toEqual({
      message: "Completá el CUIT y la razón social para la factura A",
      path: ["customer", "legalName"],
    });
    expect(failure(orderInputSchema, { legalName: "Librería del Sur SRL", cuit: "" })).toEqual({
      message: "Completá el CUIT y la razón social para la factura A",
      path: ["customer", "cuit"],
    });
    expect(orderInputSchemaFor(true)).toBe(orderInputSchema);
    expect(failure(orderInputSchemaFor(false), { cuit: "30-71654321-4" }).message).toBe(
      "Completá el CUIT y la razón social para la factura a nombre de la empresa",
    );
  });

  it("limit the razón social to 200 characters", () => {
    expect(
      orderInputSchema.parse(body({ cuit: "30716543214", legalName: "A".repeat(200) })).customer.legalName,
    ).toHaveLength(200);
    expect(failure(orderInputSchema, { cuit: "30716543214", legalName: "A".repeat(201) })).toEqual({
      message: INVOICE_FIELD_MESSAGES.legalName,
      path: ["customer", "legalName"],
    });
  });

  it("must be texts", () => {
    expect(failure(orderInputSchema, { cuit: 30716543214, legalName: "Librería del Sur SRL" }).message).toBe(
      INVOICE_FIELD_MESSAGES.cuit,
    );
    expect(failure(orderInputSchema, { cuit: "30716543214", legalName: ["x"] }).message).toBe(
      "La razón social debe ser un texto",
    );
  });
});
