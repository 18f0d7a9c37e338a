import { describe, expect, it } from "vitest";
import { expectAccessible, hydrated } from "../support/browser";
import { browserSuite } from "../support/e2e";

// A live shop without Mercado Pago credentials (production, no demo): no card payment can be taken, so no
// page advertises Mercado Pago, its "Hasta 3 cuotas sin interés" or their CFTEA (decision 0052). With
// Mercado Pago available the same lines are checked by home.test.ts and terms-and-discount.test.ts.
const SHOTS = process.env.SCREENSHOT_DIR;
const shop = browserSuite({ DEMO_DATA: "off" });
const plain = (text: string | null) => (text ?? "").replace(/\u00a0/g, " ").replace(/\s+/g, " ");

describe("the storefront without Mercado Pago", () => {
  it("the home and its footer say nothing of instalments, their CFTEA or Mercado Pago, at 390 and 1280 px", async () => {
    for (const width of [390, 1280]) {
      const { page } = await shop.visit("/", { width, height: 900 });
      await hydrated(page);
      const body = plain(await page.locator("body").textContent());
      expect(body).not.toContain("cuotas sin interés");
      expect(body).not.toContain("CFTEA");
      expect(body).not.toContain("Pagá tranquilo, con Mercado Pago");
      expect(plain(await page.getByRole("list", { name: "Medios de pago" }).textContent()).trim()).toBe(
        "Pago 100% seguro",
      );
      expect(plain(await page.getByTestId("footer-offers").textContent())).toBe("15% off pagando por transferencia");
      await expectAccessible(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-sin-mercadopago-${width}.png`, fullPage: true });
    }
  });
});
