import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, newsletterSubscribers } from "~db/schema";
import { clientIps } from "../../../tests/support/admin-database";
import { testDatabase } from "../../../tests/support/test-database";
import { Invalid, TooManyRequests } from "../errors";
import {
  newsletterCounts,
  SUBSCRIBED,
  seedNewsletterTopics,
  subscribe,
  subscriberForToken,
  unsubscribeWithToken,
} from "./newsletter.server";

const database = await testDatabase();
const db = database.db;
const context = { db, siteUrl: "https://rizoma.test", configuredSecret: null };
const freshIp = clientIps("10.9");
const meta = () => ({ ...context, clientIp: freshIp() });

beforeAll(() => seedNewsletterTopics(db));
afterAll(() => database.close());

const subscriber = async (email: string) =>
  (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const mailsTo = async (email: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe("subscribe", () => {
  it("stores the normalised address with its topics and source, and queues one welcome e-mail", async () => {
    const result = await subscribe(meta(), {
      email: "  Lectora@Example.COM ",
      name: "Lucía",
      interests: ["poesia", "filosofia"],
      source: "carousel",
    });
    expect(result.message).toBe(SUBSCRIBED);
    const row = await subscriber("lectora@example.com");
    expect(row).toMatchObject({
      name: "Lucía",
      interests: ["filosofia", "poesia"],
      source: "carousel",
      status: "active",
    });
    const mails = await mailsTo("lectora@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("¡Bienvenida/o al newsletter de Rizoma!");
    expect(mails[0]?.text).toContain("Filosofía, Poesía");
    expect(mails[0]?.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/rizoma\.test\/newsletter\/baja\?token=/);
  });

  it("merges the interests of a second sign-up, keeps the first source, and sends no second welcome", async () => {
    await subscribe(meta(), { email: "doble@example.com", interests: ["arte"], source: "shop" });
    const again = await subscribe(meta(), { email: "DOBLE@example.com", interests: ["historia", "arte"] });
    expect(again).toEqual({ message: SUBSCRIBED });
    const row = await subscriber("doble@example.com");
    expect(row?.interests).toEqual(["arte", "historia"]);
    expect(row?.source).toBe("shop");
    expect(await mailsTo("doble@example.com")).toHaveLength(1);
  });

  it("answers a known address exactly as a new one, so the form tells nobody who is subscribed", async () => {
    const fresh = await subscribe(meta(), { email: "nueva@example.com", name: "Nueva", interests: ["poesia"] });
    const known = await subscribe(meta(), { email: "nueva@example.com", name: "Nueva", interests: ["poesia"] });
    expect(known).toEqual(fresh);
    expect(fresh).toEqual({ message: SUBSCRIBED });
    // The same through the HTTP route is checked in tests/e2e/mail-newsletter.test.ts (status and body).
  });

  it("never replaces a subscriber's name with the one typed in a later sign-up", async () => {
    await subscribe(meta(), { email: "nombre@example.com", name: "Olga Orozco" });
    await subscribe(meta(), { email: "Nombre@Example.com", name: "Otra Persona" });
    await subscribe(meta(), { email: "nombre@example.com" });
    expect((await subscriber("nombre@example.com"))?.name).toBe("Olga Orozco");
    // Nor gives a name to one who signed up without it (a stranger's text would greet them in every letter).
    await subscribe(meta(), { email: "sin.nombre@example.com" });
    await subscribe(meta(), { email: "sin.nombre@example.com", name: "Alguien Más" });
    expect((await subscriber("sin.nombre@example.com"))?.name).toBeNull();
    // Coming back after leaving keeps the name too; the new welcome greets them by it.
    const [row] = await db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(newsletterSubscribers.email, "nombre@example.com"))
      .returning();
    expect(row?.status).toBe("unsubscribed");
    await subscribe(meta(), { email: "nombre@example.com", name: "Impostora" });
    expect(await subscriber("nombre@example.com")).toMatchObject({ name: "Olga Orozco", status: "active" });
    const welcomes = await mailsTo("nombre@example.com");
    expect(welcomes).toHaveLength(2);
    expect(welcomes.map((mail) => mail.text).join("\n")).not.toContain("Impostora");
  });

  it("refuses a missing or malformed address and unknown topics with the spec's messages", async () => {
    await expect(subscribe(meta(), { email: "" })).rejects.toThrow(new Invalid("Por favor ingresa tu email"));
    await expect(subscribe(meta(), { email: "sin-arroba.com" })).rejects.toThrow(
      new Invalid("Por favor ingresa un email válido"),
    );
    await expect(subscribe(meta(), { email: "a@b" })).rejects.toThrow(new Invalid("Por favor ingresa un email válido"));
    await expect(subscribe(meta(), { email: "x@example.com", interests: ["astrologia"] })).rejects.toThrow(
      new Invalid("Tema de interés desconocido: astrologia"),
    );
    await expect(subscribe(meta(), { email: "x@example.com", extra: 1 })).rejects.toThrow(Invalid);
    expect(await subscriber("x@example.com")).toBeUndefined();
  });

  it("limits sign-ups per IP and per hour (the setting)", async () => {
    const ip = { ...context, clientIp: "10.250.0.1" };
    for (let i = 0; i < 10; i++) await subscribe(ip, { email: `ip${i}@example.com` });
    await expect(subscribe(ip, { email: "ip10@example.com" })).rejects.toThrow(TooManyRequests);
    expect(await subscriber("ip10@example.com")).toBeUndefined();
  });

  it("ends 200 concurrent sign-ups of one address in one row and one welcome", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        subscribe(meta(), { email: "Carrera@Example.com", interests: [i % 2 ? "teatro" : "ensayo"] }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "carrera@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.interests).toEqual(["ensayo", "teatro"]);
    expect(await mailsTo("carrera@example.com")).toHaveLength(1);
  });
});

describe("unsubscribe", () => {
  it("works from the signed link, once, and a later sign-up brings the address back with a new welcome", async () => {
    await subscribe(meta(), { email: "baja@example.com" });
    const [welcome] = await mailsTo("baja@example.com");
    const link = /<([^>]+)>/.exec(welcome?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const token = new URL(link).searchParams.get("token");
    expect((await subscriberForToken(context, token)).status).toBe("active");
    expect(await unsubscribeWithToken(context, token)).toBe("baja@example.com");
    expect(await unsubscribeWithToken(context, token)).toBe("baja@example.com");
    expect((await subscriber("baja@example.com"))?.status).toBe("unsubscribed");
    expect((await newsletterCounts(db)).unsubscribed).toBeGreaterThanOrEqual(1);

    const back = await subscribe(meta(), { email: "baja@example.com" });
    expect(back.message).toBe(SUBSCRIBED);
    expect((await subscriber("baja@example.com"))?.status).toBe("active");
    expect(await mailsTo("baja@example.com")).toHaveLength(2);
  });

  it("refuses a forged or truncated token", async () => {
    const row = await subscriber("lectora@example.com");
    for (const token of [`${row?.id}.forged`, `${row?.id}`, "", null, "1.x.y"]) {
      await expect(unsubscribeWithToken(context, token)).rejects.toThrow(Invalid);
    }
    expect((await subscriber("lectora@example.com"))?.status).toBe("active");
  });

  it("signs with SESSION_SECRET when it is set, and such links do not work with another key", async () => {
    const configured = { ...context, configuredSecret: "una-clave-de-prueba-bien-larga" };
    await subscribe({ ...configured, clientIp: "10.251.0.1" }, { email: "clave@example.com" });
    const [welcome] = await mailsTo("clave@example.com");
    const token = new URL(/<([^>]+)>/.exec(welcome?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "").searchParams.get(
      "token",
    );
    await expect(unsubscribeWithToken(context, token)).rejects.toThrow(Invalid);
    expect(await unsubscribeWithToken(configured, token)).toBe("clave@example.com");
  });
});

describe("counts", () => {
  it("count active subscribers per topic and per source", async () => {
    const counts = await newsletterCounts(db);
    expect(counts.byTopic.find((t) => t.id === "poesia")?.count).toBeGreaterThanOrEqual(1);
    expect(counts.byTopic).toHaveLength(18);
    expect(counts.bySource.find((s) => s.source === "carousel")?.count).toBe(1);
  });
});
