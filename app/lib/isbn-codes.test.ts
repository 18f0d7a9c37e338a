import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseIsbn } from "./isbn";
import {
  bookCodeCandidates,
  findBookByCode,
  isbn10To13,
  isbn13To10,
  isValidEan13,
  isValidGtin,
  normaliseCode,
} from "./isbn-codes";
import { ean13Check } from "./isbn-digits";

describe("normaliseCode", () => {
  it("drops spaces, hyphens (typographic ones too) and dots, and upper-cases", () => {
    expect(normaliseCode(" 978-987-1234-56-1 ")).toBe("9789871234561");
    expect(normaliseCode("978 987 1234 56 1")).toBe("9789871234561");
    expect(normaliseCode("0-8044-2957-x")).toBe("080442957X");
    expect(normaliseCode("rz‑0042")).toBe("RZ0042");
  });

  it("drops an 'ISBN' label copied with the number", () => {
    expect(normaliseCode("ISBN 978-987-1234-56-1")).toBe("9789871234561");
    expect(normaliseCode("ISBN-13: 9789871234561")).toBe("9789871234561");
    expect(normaliseCode("isbn 080442957X")).toBe("080442957X");
  });

  it("keeps the book's EAN-13 when a hand scanner appends the price add-on, and leaves other numbers alone", () => {
    expect(normaliseCode("9789871234561 51500")).toBe("9789871234561");
    expect(normaliseCode("978987123456190")).toBe("9789871234561");
    // Not a valid EAN-13 in front: not an add-on, left as it came.
    expect(normaliseCode("978987123456251500")).toBe("978987123456251500");
  });
});

describe("check digits", () => {
  it("isValidEan13 takes a right EAN-13 with or without hyphens and refuses a wrong digit or length", () => {
    expect(isValidEan13("9789871234561")).toBe(true);
    expect(isValidEan13("978-950-07-0300-0")).toBe(true);
    expect(isValidEan13("9789871234567")).toBe(false);
    expect(isValidEan13("978987123456")).toBe(false);
    expect(isValidEan13("97898712345610")).toBe(false);
    expect(isValidEan13("978987123456X")).toBe(false);
  });

  it("isValidGtin checks EAN-8 and UPC-A too", () => {
    expect(isValidGtin("96385074")).toBe(true);
    expect(isValidGtin("96385075")).toBe(false);
    expect(isValidGtin("036000291452")).toBe(true);
    expect(isValidGtin("036000291453")).toBe(false);
    expect(isValidGtin("9789871234561")).toBe(true);
  });

  it("agrees with the EAN-13 check digit on any twelve digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (twelve) => {
        expect(isValidEan13(twelve + ean13Check(twelve))).toBe(true);
        expect(isValidGtin(twelve + ean13Check(twelve))).toBe(true);
        expect(isValidEan13(twelve + ((Number(ean13Check(twelve)) + 1) % 10))).toBe(false);
      }),
    );
  });
});

describe("ISBN-10 ⇄ ISBN-13", () => {
  it("converts both ways, X included", () => {
    expect(isbn10To13("0-8044-2957-X")).toBe("9780804429573");
    expect(isbn13To10("978-0-8044-2957-3")).toBe("080442957X");
    expect(isbn10To13("950-07-0300-9")).toBe("9789500703000");
    expect(isbn13To10("9789500703000")).toBe("9500703009");
  });

  it("refuses what is not a valid ISBN of the other length, and 979 ISBNs have no ISBN-10", () => {
    expect(isbn10To13("0804429571")).toBeNull();
    expect(isbn10To13("9789500703000")).toBeNull();
    expect(isbn13To10("9789500703001")).toBeNull();
    expect(isbn13To10("9791234567896")).toBeNull();
    expect(isbn13To10("7790001001054")).toBeNull();
  });

  it("round-trips every 978 ISBN and agrees with isbn3 where it knows the range", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (nine) => {
        const isbn13 = `978${nine}${ean13Check(`978${nine}`)}`;
        const isbn10 = isbn13To10(isbn13);
        expect(isbn10).not.toBeNull();
        expect(isbn10To13(isbn10 ?? "")).toBe(isbn13);
        // isbn3 gives the ISBN-10 only in the ranges its table lists.
        const known = parseIsbn(isbn13)?.isbn10;
        if (known) expect(known).toBe(isbn10);
      }),
      { numRuns: 200 },
    );
  });
});

describe("bookCodeCandidates", () => {
  it("an ISBN in both forms, the one read first", () => {
    expect(bookCodeCandidates("978-950-07-0300-0")).toEqual(["9789500703000", "9500703009"]);
    expect(bookCodeCandidates("950-07-0300-9")).toEqual(["9500703009", "9789500703000"]);
    expect(bookCodeCandidates("9791234567896")).toEqual(["9791234567896"]);
  });

  it("a UPC-A with and without the EAN-13's leading zero", () => {
    expect(bookCodeCandidates("036000291452")).toEqual(["036000291452", "0036000291452"]);
    expect(bookCodeCandidates("0036000291452")).toEqual(["0036000291452", "036000291452"]);
  });

  it("a SKU as itself, normalised; nothing for blank", () => {
    expect(bookCodeCandidates(" rz-0042 ")).toEqual(["RZ0042"]);
    expect(bookCodeCandidates("  ")).toEqual([]);
  });
});

describe("findBookByCode", () => {
  const books = [
    { id: 1, isbn: "978-950-07-0300-0", sku: null },
    { id: 2, isbn: "9789871234561", sku: "RZ-0042" },
    { id: 3, isbn: "080442957X", sku: "LOTE-7" },
    { id: 4, isbn: null, sku: "9789500703000" },
  ];
  const find = (code: string) => findBookByCode(books, code)?.id;

  it("finds a book stored with hyphens, as ISBN-10 or ISBN-13, by whatever form was read", () => {
    expect(find("9789500703000")).toBe(1);
    expect(find("950-07-0300-9")).toBe(1);
    expect(find("978-987-1234-56-1")).toBe(2);
    expect(find("9780804429573")).toBe(3);
    expect(find("ISBN 0-8044-2957-x")).toBe(3);
  });

  it("finds the publisher's SKU without minding hyphens or case, and prefers an ISBN match over a SKU", () => {
    expect(find("RZ0042")).toBe(2);
    expect(find("lote-7")).toBe(3);
    expect(find("9789500703000")).toBe(1);
    expect(find("9789871234568")).toBeUndefined();
    expect(find("")).toBeUndefined();
  });
});
