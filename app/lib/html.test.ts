import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeDescription } from "./html.server";

describe("sanitizeDescription", () => {
  it("keeps formatting and drops scripts, handlers and styles", () => {
    const html = '<p onclick="robar()" style="color:red">Una <strong>novela</strong><script>alert(1)</script></p>';
    expect(sanitizeDescription(html)).toBe("<p>Una <strong>novela</strong></p>");
  });

  it("keeps safe links, opening in a new tab, and drops javascript: ones", () => {
    expect(sanitizeDescription('<a href="https://rizoma.com.ar">ver</a>')).toBe(
      '<a href="https://rizoma.com.ar" target="_blank" rel="noopener noreferrer">ver</a>',
    );
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).not.toContain("javascript");
  });

  it("drops iframes and empty paragraphs", () => {
    expect(sanitizeDescription('<iframe src="https://x"></iframe><p> </p><p>Texto</p>')).toBe("<p>Texto</p>");
  });
});

describe("htmlToText", () => {
  it("turns paragraphs into lines and decodes entities", () => {
    expect(htmlToText("<p>Borges &amp; Bioy</p><p>Cuentos</p>")).toBe("Borges & Bioy\n\nCuentos");
  });
});
