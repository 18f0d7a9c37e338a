import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FISCAL_MESSAGES } from "~/domain/settings/fiscal";
import { getSection } from "~/domain/settings/settings.server";
import { uploads } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import * as fiscalQr from "../datos-fiscales-qr";
import * as shopLayout from "../shop-layout";
import * as ajustes from "./ajustes";
import * as dashboard from "./dashboard";

const { database, db, admin } = await adminTestDatabase();

// A 1x1 PNG.
const png = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const ARCA = "https://servicios1.afip.gob.ar/clavefiscal/qr/response.aspx?qr=abc123";

/** Posts the "Datos fiscales" form as the page does (multipart), signed in; answers the status and, if refused, the fields. */
async function postFiscal(fields: Record<string, string>, file?: File) {
  const form = new FormData();
  form.set("section", "fiscal");
  form.set("intent", "save");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("qrImageFile", file ?? new File([], "", { type: "application/octet-stream" }));
  const args = routeArgs("/admin/ajustes", database, {
    method: "POST",
    body: form as unknown as string,
    context: { admin },
  });
  const answer = (await ajustes.action(args as never)) as unknown;
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("location") };
  const { data, init } = answer as { data: { fields: Record<string, string> }; init: { status: number } };
  return { status: init.status, fields: data.fields };
}

const uploadCount = async () => Number((await db.select({ n: count() }).from(uploads))[0]?.n ?? 0);

async function footer() {
  const loaded = await shopLayout.loader(routeArgs("/", database) as never);
  return loaded.fiscal;
}

async function missing() {
  const loaded = await dashboard.loader(routeArgs("/admin", database, { context: { admin } }) as never);
  return loaded.missingFiscal;
}

describe("Datos fiscales in /admin/ajustes", () => {
  it("starts empty: no fiscal lines in the footer, and the dashboard names the four required fields", async () => {
    expect(await footer()).toEqual({ lines: [], qr: null });
    expect(await missing()).toEqual(["razón social", "CUIT", "condición frente al IVA", "domicilio legal"]);
  });

  it("refuses a bad CUIT in Spanish, keeps what was typed, and stores no image", async () => {
    const before = await uploadCount();
    const refused = await postFiscal(
      { legalName: "Rizoma Libros S.R.L.", cuit: "20-26756539-2" },
      new File([new Uint8Array(png)], "qr.png", { type: "image/png" }),
    );
    expect(refused).toEqual({ status: 400, fields: { cuit: FISCAL_MESSAGES.cuit } });
    expect(await uploadCount()).toBe(before);
    expect((await getSection(db, "fiscal")).legalName).toBeNull();
  });

  it("saves a partial section with the QR image uploaded; the footer shows only what was filled", async () => {
    const saved = await postFiscal(
      { legalName: "Rizoma Libros S.R.L.", cuit: "20267565393", qrUrl: "", qrImage: "" },
      new File([new Uint8Array(png)], "qr.png", { type: "image/png" }),
    );
    expect(saved).toEqual({ status: 303, location: "/admin/ajustes?guardado=fiscal#fiscal" });
    const stored = await getSection(db, "fiscal");
    expect(stored).toMatchObject({ legalName: "Rizoma Libros S.R.L.", cuit: "20-26756539-3", taxCondition: null });
    expect(stored.qrImage).toMatch(/^\/uploads\/\d+\.png$/);

    expect(await footer()).toEqual({
      lines: [
        { label: "Razón social", value: "Rizoma Libros S.R.L." },
        { label: "CUIT", value: "20-26756539-3" },
      ],
      qr: { src: stored.qrImage, href: null },
    });
    expect(await missing()).toEqual(["condición frente al IVA", "domicilio legal"]);
  });

  it("keeps the stored image when other fields are saved, and links it to ARCA's URL", async () => {
    const { qrImage } = await getSection(db, "fiscal");
    const saved = await postFiscal({
      legalName: "Rizoma Libros S.R.L.",
      cuit: "20-26756539-3",
      taxCondition: "responsable_inscripto",
      legalAddress: "Thames 1234, CABA",
      qrUrl: ARCA,
      qrImage: qrImage ?? "",
    });
    expect(saved.status).toBe(303);
    expect((await footer()).qr).toEqual({ src: qrImage, href: ARCA });
    expect(await missing()).toEqual([]);
  });

  it("refuses a file that is not an image on the file field, and an URL outside ARCA", async () => {
    const notImage = await postFiscal({ qrImage: "" }, new File(["hola"], "qr.txt", { type: "text/plain" }));
    expect(notImage).toEqual({
      status: 400,
      fields: { qrImageFile: "El QR de Data Fiscal tiene que ser una imagen JPEG, PNG o WebP" },
    });
    const outside = await postFiscal({ qrUrl: "https://ejemplo.com/qr" });
    expect(outside).toEqual({ status: 400, fields: { qrUrl: FISCAL_MESSAGES.qrUrl } });
  });

  it("'Quitar la imagen' drops it: the footer draws the QR of ARCA's URL instead", async () => {
    const { qrImage } = await getSection(db, "fiscal");
    const saved = await postFiscal({
      legalName: "Rizoma Libros S.R.L.",
      qrUrl: ARCA,
      qrImage: qrImage ?? "",
      qrImageRemove: "on",
    });
    expect(saved.status).toBe(303);
    const shown = await footer();
    expect(shown.qr?.href).toBe(ARCA);
    // The drawn QR is an image of its own, under the URL's digest (docs/decisions/0053-bytes.md).
    expect(shown.qr?.src).toMatch(/^\/datos-fiscales-qr\.svg\?v=[\w-]+$/);
    const drawn = await fiscalQr.loader(routeArgs(shown.qr?.src ?? "", database) as never);
    expect(drawn.headers.get("content-type")).toBe("image/svg+xml");
    expect(drawn.headers.get("cache-control")).toContain("immutable");
    expect(await drawn.text()).toMatch(/^<svg/);
    // Saved as a whole: the fields left empty are empty again.
    expect(shown.lines).toEqual([{ label: "Razón social", value: "Rizoma Libros S.R.L." }]);
  });
});
