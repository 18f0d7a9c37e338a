import { describe, expect, it } from "vitest";
import { zodMessage } from "~/lib/zod-spanish";
import { INVOICE_FIELD_MESSAGES, normaliseDocument, orderInputSchema } from "./input";

/** The checkout's optional invoice fields (issue 19): both or neither, a CUIT with its check digit. */
const body = (customer: Record<string, unknown> = {}) => ({
  items: [{ id: 1, quantity: 1 }],
  customer: { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "+54 9 11 5555-1234", ...customer },
  delivery: { method: "pickup" },
  paymentMethod: "transfer",
});

const failure = (schema: typeof orderInputSchema, customer: Record<string, unknown>) => {
  const parsed = schema.safeParse(
    body({ taxCondition: customer.cuit ? "responsable_inscripto" : undefined, ...customer }),
  );
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
      const parsed = orderInputSchema.parse(
        body({ cuit, legalName: "  Librería del Sur SRL ", taxCondition: "monotributo" }),
      );
      expect(parsed.customer).toMatchObject({
        cuit: "30-71654321-4",
        legalName: "Librería del Sur SRL",
        taxCondition: "monotributo",
        document: null,
      });
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

  it("go together: one without the other names the missing one, in words true whatever the letter", () => {
    expect(failure(orderInputSchema, { cuit: "30-71654321-4" })).toEqual({
      message: "Completá el CUIT y la razón social para la factura a nombre de la empresa o institución",
      path: ["customer", "legalName"],
    });
    expect(failure(orderInputSchema, { legalName: "Librería del Sur SRL", cuit: "" })).toEqual({
      message: "Completá el CUIT y la razón social para la factura a nombre de la empresa o institución",
      path: ["customer", "cuit"],
    });
  });

  it("ask the condición frente al IVA with the CUIT, one of the three, and never without a CUIT", () => {
    const company = { cuit: "30-71654321-4", legalName: "Biblioteca Popular" };
    expect(failure(orderInputSchema, { ...company, taxCondition: "" })).toEqual({
      message: INVOICE_FIELD_MESSAGES.taxCondition,
      path: ["customer", "taxCondition"],
    });
    expect(failure(orderInputSchema, { ...company, taxCondition: "consumidor_final" })).toEqual({
      message: "La condición frente al IVA debe ser responsable_inscripto, monotributo o exento",
      path: ["customer", "taxCondition"],
    });
    expect(failure(orderInputSchema, { taxCondition: "exento" })).toEqual({
      message: INVOICE_FIELD_MESSAGES.taxConditionWithoutCuit,
      path: ["customer", "taxCondition"],
    });
    for (const taxCondition of ["responsable_inscripto", "monotributo", "exento"]) {
      expect(orderInputSchema.parse(body({ ...company, taxCondition })).customer.taxCondition).toBe(taxCondition);
    }
    expect(orderInputSchema.parse(body({ taxCondition: null })).customer.taxCondition).toBeNull();
  });

  it("limit the razón social to 200 characters", () => {
    expect(
      orderInputSchema.parse(body({ cuit: "30716543214", legalName: "A".repeat(200), taxCondition: "exento" })).customer
        .legalName,
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

  it("take a final consumer's DNI or CUIL as digits, and refuse a wrong one or one beside a CUIT", () => {
    expect(orderInputSchema.parse(body({ document: "30.123.456" })).customer.document).toBe("30123456");
    expect(orderInputSchema.parse(body({ document: "1234567" })).customer.document).toBe("1234567");
    expect(orderInputSchema.parse(body({ document: "20-26756539-3" })).customer.document).toBe("20267565393");
    for (const document of ["123456", "123456789", "20-26756539-4", "3012345A", "2026756539312"]) {
      expect(failure(orderInputSchema, { document })).toEqual({
        message: "El DNI o CUIL no es válido: el DNI tiene 7 u 8 dígitos y el CUIL 11 (XX-XXXXXXXX-X)",
        path: ["customer", "document"],
      });
    }
    expect(
      failure(orderInputSchema, { cuit: "30-71654321-4", legalName: "Librería del Sur SRL", document: "30123456" }),
    ).toEqual({ message: INVOICE_FIELD_MESSAGES.documentWithCuit, path: ["customer", "document"] });
    expect(normaliseDocument(" 20 26756539 3 ")).toBe("20267565393");
  });
});
