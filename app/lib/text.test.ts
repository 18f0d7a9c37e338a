import { describe, expect, it } from "vitest";
import { slugify } from "./slug";
import { foldAccents } from "./text";

describe("foldAccents", () => {
  it("drops Spanish accents, the tilde and the diaeresis, and keeps case and punctuation", () => {
    expect(foldAccents("Filosofía")).toBe("Filosofia");
    expect(foldAccents("ÑANDÚ, pingüino. Córdoba")).toBe("NANDU, pinguino. Cordoba");
    expect(foldAccents("PRODUCCIÓN")).toBe("PRODUCCION");
  });

  it("leaves text without accents as it is", () => {
    expect(foldAccents("Don Segundo Sombra 1926")).toBe("Don Segundo Sombra 1926");
  });
});

describe("slugify", () => {
  it("lower-cases, folds accents and joins words with hyphens", () => {
    expect(slugify("Don Segundo Sombra")).toBe("don-segundo-sombra");
    expect(slugify("  ¿Ñandú y pingüino?  ")).toBe("nandu-y-pinguino");
    expect(slugify("Ciencia ficción")).toBe("ciencia-ficcion");
  });
});
