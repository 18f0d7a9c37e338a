import { describe, expect, it } from "vitest";
import { csvDocument, csvRowCount } from "./csv";

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
