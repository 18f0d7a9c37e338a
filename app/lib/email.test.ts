import { describe, expect, it } from "vitest";
import { isEmail, normalizeEmail } from "./email";
import { emailSchema } from "./email-schema";

describe("isEmail", () => {
  it("takes text, at-sign, text, dot, text, with no spaces (storefront spec §5)", () => {
    for (const ok of ["ana@example.com", "Ana.Perez+libros@correo.com.ar", "josé@correo.ar"]) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of ["", "sin-arroba", "sin-arroba.com", "a@b", "mariana@", "@example.com", "a b@c.d", "a@@b.c"]) {
      expect(isEmail(bad), bad).toBe(false);
    }
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases: one customer, one address (DESIGN §8)", () => {
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
  });
});

describe("emailSchema", () => {
  const messages = (schema: ReturnType<typeof emailSchema>, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : result.error.issues[0]?.message;
  };

  it("gives back the normalised address", () => {
    expect(emailSchema({ invalid: "Email inválido" }).parse("  Mariana@Example.com ")).toBe("mariana@example.com");
  });

  it("says each form's own messages: missing, empty, malformed, too long", () => {
    const schema = emailSchema(
      { missing: "Ingresá el email", required: "El email es requerido", invalid: "Inválido" },
      20,
    );
    expect(messages(schema, undefined)).toBe("Ingresá el email");
    expect(messages(schema, 42)).toBe("Ingresá el email");
    expect(messages(schema, "   ")).toBe("El email es requerido");
    expect(messages(schema, "sin-arroba")).toBe("Inválido");
    expect(messages(schema, `${"a".repeat(15)}@b.com`)).toBe("Inválido");
  });

  it("falls back from missing to required to invalid", () => {
    expect(messages(emailSchema({ required: "Requerido", invalid: "Inválido" }), null)).toBe("Requerido");
    expect(messages(emailSchema({ invalid: "Inválido" }), null)).toBe("Inválido");
    expect(messages(emailSchema({ invalid: "Inválido" }), "")).toBe("Inválido");
    expect(messages(emailSchema({ missing: "Falta", invalid: "Inválido" }), "")).toBe("Inválido");
  });

  it("allows 254 characters by default", () => {
    const at254 = `${"a".repeat(243)}@ejemplo.ar`;
    expect(at254).toHaveLength(254);
    expect(emailSchema({ invalid: "Inválido" }).safeParse(at254).success).toBe(true);
    expect(emailSchema({ invalid: "Inválido" }).safeParse(`a${at254}`).success).toBe(false);
  });
});
