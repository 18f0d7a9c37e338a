import { describe, expect, it } from "vitest";
import {
  creditNoteType,
  invoiceTypeFor,
  RECEIVER_CONDITIONS,
  receiverConditionOf,
  voucherLabel,
  voucherLetter,
  voucherNumberText,
} from "./codes";

describe("invoiceTypeFor", () => {
  it("gives a Monotributo or exempt seller Factura C, whoever buys", () => {
    for (const condition of [1, 4, 5, 6]) {
      expect(invoiceTypeFor("monotributo", condition)).toBe(11);
      expect(invoiceTypeFor("exento", condition)).toBe(11);
    }
  });

  it("gives a Responsable Inscripto's RI and Monotributo buyers Factura A, exempt buyers and final consumers Factura B (RG 5616)", () => {
    expect(invoiceTypeFor("responsable_inscripto", RECEIVER_CONDITIONS.responsableInscripto)).toBe(1);
    expect(invoiceTypeFor("responsable_inscripto", RECEIVER_CONDITIONS.monotributo)).toBe(1);
    expect(invoiceTypeFor("responsable_inscripto", RECEIVER_CONDITIONS.exento)).toBe(6);
    expect(invoiceTypeFor("responsable_inscripto", RECEIVER_CONDITIONS.finalConsumer)).toBe(6);
  });
});

describe("receiverConditionOf", () => {
  it("codes the buyer's condition, and an old order's missing one as Responsable Inscripto", () => {
    expect(
      ["responsable_inscripto", "monotributo", "exento", null].map((c) => receiverConditionOf(c as never)),
    ).toEqual([1, 6, 4, 1]);
  });
});

describe("creditNoteType", () => {
  it("cancels each invoice with the credit note of its letter", () => {
    expect([1, 6, 11].map(creditNoteType)).toEqual([3, 8, 13]);
    expect([3, 8, 13].map(voucherLetter)).toEqual(["A", "B", "C"]);
    expect(voucherLabel(creditNoteType(6))).toBe("Nota de crédito B");
  });

  it("refuses what is not an invoice (a credit note has no credit note)", () => {
    expect(() => creditNoteType(8)).toThrow(RangeError);
    expect(() => creditNoteType(2)).toThrow(RangeError);
  });
});

describe("voucherNumberText", () => {
  it("pads the point of sale to 5 digits and the number to 8, as ARCA prints them", () => {
    expect(voucherNumberText(1, 12)).toBe("00001-00000012");
    expect(voucherNumberText(12345, 99_999_999)).toBe("12345-99999999");
  });

  it("shows a dash while the voucher has no number yet", () => {
    expect(voucherNumberText(3, null)).toBe("00003-—");
  });
});

describe("labels", () => {
  it("names the six vouchers and says which code it does not know", () => {
    expect([1, 6, 11, 3, 8, 13].map(voucherLabel)).toEqual([
      "Factura A",
      "Factura B",
      "Factura C",
      "Nota de crédito A",
      "Nota de crédito B",
      "Nota de crédito C",
    ]);
    expect(voucherLabel(51)).toBe("Comprobante 51");
    expect(voucherLetter(51)).toBe("?");
  });
});
