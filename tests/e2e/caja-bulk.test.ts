import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { boxSubscriptions, settings } from "~db/schema";
import { openMigratedDatabase } from "../../server/open-database";
import { type AppServer, appEnv, removeDataDir, startApp } from "../support/app-server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { untilDone } from "../support/until";

const root = path.resolve(import.meta.dirname, "../..");
const admin = { email: "masivo@rizoma.com.ar", password: "clave-de-prueba-masivo" };
const ACTIVE = 300;
let server: AppServer | undefined;
let smtp: TestSmtpServer | undefined;
let dataDir = "";

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) removeDataDir(dataDir);
});

/** While the server is stopped: 300 active subscribers (and a few who must get nothing), faster mail pacing. */
async function seed(env: Record<string, string>) {
  const { database, close } = await openMigratedDatabase(
    { databaseUrl: env.DATABASE_URL, dataDir: path.resolve(root, env.DATA_DIR ?? "") },
    root,
  );
  const row = (i: number, status: "active" | "paused" | "pending" | "cancelled") => ({
    planId: "monthly",
    priceCents: 5_400_000,
    frequencyMonths: 1,
    status,
    firstName: `Lectora ${i}`,
    lastName: "Caja",
    email: `${status}${i}@example.com`,
    whatsapp: "+54 9 11 5555-0000",
    deliveryMethod: "pickup" as const,
  });
  await database.db
    .insert(boxSubscriptions)
    .values([
      ...Array.from({ length: ACTIVE }, (_, i) => row(i, "active")),
      ...(["paused", "pending", "cancelled"] as const).map((status) => row(0, status)),
    ]);
  // The seeded defaults send 5 a second; the pacing is not what this test is about.
  await database.db
    .insert(settings)
    .values({ key: "rateLimits", value: { mailPerSecond: 100 } })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || '{"mailPerSecond": 100}'::jsonb` },
    });
  await close();
}

describe("bulk e-mail to box subscribers", () => {
  it("delivers exactly one message to each of 300 active subscribers, through a kill -9 mid-send", async () => {
    smtp = await startSmtpServer();
    const env = await appEnv({
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      MAIL_LEASE_SECONDS: "2",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    dataDir = env.DATA_DIR ?? "";
    server = await startApp(env);
    await server.stop();
    await seed(env);

    smtp.setDelay(15);
    server = await startApp(env);
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const sent = await fetch(`${server.baseUrl}/api/caja/bulk-email`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ subject: "La caja de diciembre", content: "Hola.\n\nEste mes la curó Selva Almada." }),
    });
    expect(await sent.json()).toMatchObject({ success: true, queued: ACTIVE });

    const bulk = () => (smtp?.received ?? []).filter((mail) => mail.parsed.subject === "La caja de diciembre");
    // Waits while deliveries keep coming (a busy machine sends a few a second, a quiet one a hundred).
    const delivered = () => bulk().length;
    await untilDone(() => delivered() >= 60, delivered, "the first deliveries");
    await server.kill();
    expect(bulk().length).toBeLessThan(ACTIVE);

    smtp.setDelay(0);
    server = await startApp(env);
    const expected = Array.from({ length: ACTIVE }, (_, i) => `active${i}@example.com`);
    await untilDone(
      () => {
        const reached = new Set(bulk().map((mail) => mail.to));
        return expected.every((to) => reached.has(to));
      },
      delivered,
      "every subscriber's message after the restart",
    );
    const received = bulk();
    const ids = new Set(received.map((mail) => mail.messageId));
    expect(ids.size).toBe(ACTIVE);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(ACTIVE);
    // Only a message SMTP accepted right as the process died may come twice, with the same Message-ID.
    expect(received.length - ids.size).toBeLessThanOrEqual(1);
    expect(received.some((mail) => !mail.to.startsWith("active"))).toBe(false);
    // Three app starts and 300 deliveries through SMTP: on a busy two-core machine a start took half a
    // minute and the 240 deliveries after the restart more than 90 s (the waits above follow progress).
  }, 480_000);
});
