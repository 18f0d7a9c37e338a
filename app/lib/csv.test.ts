import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvRowCount } from "./csv";

describe("csv fields", () => {
  it("quotes a cell holding a comma, a semicolon, a quote or a line break, and only those", () => {
    expect(csvField("Borges, Jorge Luis")).toBe('"Borges, Jorge Luis"');
    expect(csvField("12345,67")).toBe('"12345,67"');
    expect(csvField("uno; dos")).toBe('"uno; dos"');
    expect(csvField('El "Aleph"')).toBe('"El ""Aleph"""');
    expect(csvField("línea\r\notra")).toBe('"línea\r\notra"');
    expect(csvField("línea\notra")).toBe('"línea\notra"');
    expect(csvField("Rayuela")).toBe("Rayuela");
    expect(csvField("")).toBe("");
  });

  it("keeps the formula guard, and quotes after it when needed", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+54 11 5555")).toBe("'+54 11 5555");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("=1,2")).toBe('"\'=1,2"');
    expect(csvField("-cmd")).toBe("'-cmd");
    // A negative amount is a number: no apostrophe, quoted for its comma.
    expect(csvField("-12345,67")).toBe('"-12345,67"');
    expect(csvField("-12")).toBe("-12");
  });

  it("reads back cell for cell with ';' and never splits a cell when read with ','", () => {
    const rows = [
      ["Borges, Jorge Luis", "Ficciones", "12345,67"],
      ['Dijo "hola"', "a;b", "dos\r\nlíneas"],
    ];
    const file = csvDocument(["Autor", "Título", "Precio"], rows);
    expect(file.startsWith("\uFEFF")).toBe(true);
    expect(parse(file, { delimiter: ";", bom: true })).toEqual([["Autor", "Título", "Precio"], ...rows]);
    // A reader that guesses ',' as the separator finds none: every comma sits inside quotes.
    let quoted = false;
    let bareCommas = 0;
    for (const char of file) {
      if (char === '"') quoted = !quoted;
      else if (char === "," && !quoted) bareCommas++;
    }
    expect(bareCommas).toBe(0);
  });
});

describe("csvRowCount", () => {
  it("counts the data rows, not the header nor the line breaks inside a quoted field", () => {
    expect(csvRowCount(csvDocument(["Nombre", "Nota"], []))).toBe(0);
    expect(csvRowCount(csvDocument(["Nombre", "Nota"], [["Ana", "uno"]]))).toBe(1);
    const rows = [
      ["Ana", 'dijo "hola"\r\ny se fue'],
      ["Bruno", "línea\nsuelta; con punto y coma"],
      ["Carla", ""],
    ];
    expect(csvRowCount(csvDocument(["Nombre", "Nota"], rows))).toBe(3);
  });
});
