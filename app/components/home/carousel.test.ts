import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EMAIL_INVALID, EMAIL_REQUIRED, emailProblem } from "~/components/newsletter/newsletter-client";
import { Carousel } from "./carousel";

const slide = (key: string) => ({ key, label: `Diapositiva ${key}`, content: createElement("p", null, key) });
const render = (slides: Parameters<typeof Carousel>[0]["slides"]) =>
  renderToStaticMarkup(createElement(Carousel, { slides, label: "Destacados" }));

describe("Carousel states", () => {
  it("shows a spinner while loading", () => {
    const html = render(null);
    expect(html).toContain('data-testid="carousel-spinner"');
    expect(html).toContain('role="status"');
  });

  it("says 'No hay contenido disponible' with no slides", () => {
    expect(render([])).toContain("No hay contenido disponible");
  });

  it("with one slide has no controls and does not play", () => {
    const html = render([slide("a")]);
    expect(html).toContain('data-playing="false"');
    expect(html).not.toContain("Siguiente");
    expect(html).not.toContain("Ir a la diapositiva");
  });

  it("with several slides shows the first, previous/next and one dot per slide", () => {
    const html = render([slide("a"), slide("b"), slide("c")]);
    expect(html).toContain('data-index="0"');
    expect(html).toContain('data-playing="true"');
    expect(html).toContain('aria-label="Anterior"');
    expect(html).toContain('aria-label="Siguiente"');
    expect(html.match(/Ir a la diapositiva \d/g)).toHaveLength(3);
    expect(html).toContain('aria-label="1 de 3: Diapositiva a"');
  });
});

describe("newsletter email rules", () => {
  it("asks for the email, then for a valid one", () => {
    expect(emailProblem("")).toBe(EMAIL_REQUIRED);
    expect(emailProblem("   ")).toBe(EMAIL_REQUIRED);
    expect(emailProblem("hola")).toBe(EMAIL_INVALID);
    expect(emailProblem("hola@rizoma")).toBe(EMAIL_INVALID);
    expect(emailProblem("ho la@rizoma.com")).toBe(EMAIL_INVALID);
    expect(emailProblem(" hola@rizoma.com.ar ")).toBeNull();
  });
});
