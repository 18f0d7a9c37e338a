import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodMessage } from "./zod-spanish";

const schema = z
  .object({
    email: z.email(),
    copies: z.number().int().min(1).max(5),
    title: z.string().min(2, "El título es muy corto"),
    format: z.enum(["papel", "digital"]),
  })
  .strict();

const messages = (input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("zod in Spanish", () => {
  it("names what is wrong with each field in Spanish", () => {
    expect(messages({ email: "x", copies: 9, title: "Rayuela", format: "papel" })).toEqual([
      "El campo email no es un email válido",
      "El campo copies debe ser menor o igual a 5",
    ]);
    expect(messages({ copies: "dos", title: "Rayuela", format: "vinilo" })).toEqual([
      "Falta el campo email",
      "El campo copies debe ser un número",
      "El campo format debe ser uno de: papel, digital",
    ]);
  });

  it("names unknown fields, and the whole body when it is not an object", () => {
    const extra = schema.safeParse({ email: "a@b.co", copies: 1, title: "Rayuela", format: "papel", name: "x" });
    expect(extra.success || zodMessage(extra.error)).toBe("Campo no permitido: name");
    const list = schema.safeParse(["a@b.co"]);
    expect(list.success || zodMessage(list.error)).toBe("El cuerpo debe ser un objeto JSON");
  });

  it("keeps a schema's own message", () => {
    expect(messages({ email: "a@b.co", copies: 1, title: "R", format: "papel" })).toEqual(["El título es muy corto"]);
  });
});
