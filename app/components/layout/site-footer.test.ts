import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { EMPTY_FISCAL, type FooterFiscal, fiscalLines } from "~/domain/settings/fiscal";
import { SiteFooter } from "./site-footer";

const render = (fiscal: FooterFiscal | null) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(SiteFooter, { contact: null, fiscal, transferDiscountPercent: 15 }),
    ),
  );

const ARCA = "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=abc123";

describe("the footer's fiscal data", () => {
  it("shows nothing of it while nothing is filled: no heading, no empty label", () => {
    for (const html of [render(null), render({ lines: fiscalLines(EMPTY_FISCAL), qr: null })]) {
      expect(html).not.toContain("DATOS FISCALES");
      expect(html).not.toContain("CUIT");
      expect(html).not.toContain("Data Fiscal");
    }
  });

  it("shows only the filled lines, never a label with nothing after it", () => {
    const lines = fiscalLines({ ...EMPTY_FISCAL, legalName: "Rizoma Libros S.R.L.", taxCondition: "exento" });
    const html = render({ lines, qr: null });
    expect(html).toContain("DATOS FISCALES");
    expect(html).toContain("Razón social: </dt>");
    expect(html).toContain("Rizoma Libros S.R.L.");
    expect(html).toContain("Exento");
    for (const absent of ["CUIT", "Domicilio legal", "Teléfono", "Inicio de actividades", "Email:", "<img"]) {
      expect(html, absent).not.toContain(absent);
    }
  });

  it("links the Data Fiscal QR to ARCA, or shows an uploaded one alone when there is no URL", () => {
    const linked = render({ lines: [], qr: { src: "/uploads/7.png", href: ARCA } });
    expect(linked).toMatch(
      new RegExp(`<a href="${ARCA.replace(/[?.]/g, "\\$&")}"[^>]*><img src="/uploads/7.png" alt="Data Fiscal"`),
    );
    const alone = render({ lines: [], qr: { src: "/uploads/7.png", href: null } });
    expect(alone).toContain('<img src="/uploads/7.png" alt="Data Fiscal"');
    expect(alone).not.toContain("afip.gob.ar");
  });

  it("links the withdrawal and the box's cancellation on every page", () => {
    const html = render(null);
    expect(html).toMatch(/href="\/arrepentimiento"[^>]*>Botón de arrepentimiento<\/a>/);
    expect(html).toMatch(/href="\/caja-rizoma\/baja"[^>]*>Botón de baja<\/a>/);
  });
});
