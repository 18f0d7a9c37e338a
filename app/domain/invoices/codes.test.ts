import { describe, expect, it } from "vitest";
import { creditNoteType, invoiceTypeFor, voucherLabel, voucherLetter, voucherNumberText } from "./codes";

describe("invoiceTypeFor", () => {
  it("gives a Monotributo or exempt seller Factura C, whoever buys", () => {
    expect(invoiceTypeFor("monotributo", false)).toBe(11);
    expect(invoiceTypeFor("monotributo", true)).toBe(11);
    expect(invoiceTypeFor("exento", true)).toBe(11);
  });

  it("gives a Responsable Inscripto's buyer Factura A with a CUIT and Factura B without", () => {
    expect(invoiceTypeFor("responsable_inscripto", true)).toBe(1);
    expect(invoiceTypeFor("responsable_inscripto", false)).toBe(6);
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
