import { describe, expect, it } from "vitest";
import { settings } from "~db/schema";
import { adminTestDatabase } from "../../../tests/support/admin-database";
import { routeArgs } from "../../../tests/support/route-context";
import { loader } from "./privacidad";

const { database, db } = await adminTestDatabase();

describe("/privacidad", () => {
  it("names the data controller and the AAIP registration from Ajustes → Datos fiscales", async () => {
    const fiscal = {
      legalName: "Rizoma Libros S.R.L.",
      cuit: "20-26756539-3",
      legalAddress: "Av. Corrientes 1543, CABA",
      dataRegistry: "RNBD 12345",
    };
    await db
      .insert(settings)
      .values({ key: "fiscal", value: fiscal })
      .onConflictDoUpdate({ target: settings.key, set: { value: fiscal } });
    const data = await loader(routeArgs("/privacidad", database) as never);
    expect(data.controller).toEqual({
      legalName: "Rizoma Libros S.R.L.",
      cuit: "20-26756539-3",
      address: "Av. Corrientes 1543, CABA",
      registry: "RNBD 12345",
    });
  });
});
