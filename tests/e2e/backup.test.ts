import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPglite, openPostgres } from "../../db/connect";
import { newsletterSubscribers } from "../../db/schema";
import { type AppServer, appEnv, freshDataDir, removeDataDir, startApp } from "../support/app-server";
import { createDatabase } from "../support/postgres-server";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "rizoma-backups-"));
const started: AppServer[] = [];
afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
  for (const app of started) removeDataDir(app.dataDir);
  rmSync(scratch, { recursive: true, force: true });
});

function npmScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
}

const start = async (env: Record<string, string>) => {
  const app = await startApp(env);
  started.push(app);
  return app;
};

async function signUp(app: AppServer, email: string) {
  const response = await fetch(`${app.baseUrl}/api/newsletter/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.baseUrl },
    body: JSON.stringify({ email, source: "carousel" }),
  });
  expect(response.status).toBe(200);
}

const catalogue = async (app: AppServer) =>
  ((await (await fetch(`${app.baseUrl}/api/books?limit=100`)).json()) as { pagination: { total: number } }).pagination
    .total;

describe("npm run db:backup and db:restore", () => {
  it("backs up the running shop and restores it into a new one with the same data", async () => {
    const app = await start(await appEnv());
    await signUp(app, "copia@example.com");
    const books = await catalogue(app);
    const file = path.join(scratch, `copia-${randomBytes(3).toString("hex")}`);

    const backup = await npmScript("scripts/db-backup.ts", ["--out", file], app.env);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain("Copia de seguridad lista");
    expect(statSync(file).size).toBeGreaterThan(1000);

    const adminUrl = inject("postgresAdminUrl");
    const targetEnv: Record<string, string> = { DATA_DIR: freshDataDir(), LOG_LEVEL: "warn" };
    if (adminUrl) {
      // On PostgreSQL the CLI runs pg_dump itself; the copy goes into another, empty database.
      targetEnv.DATABASE_URL = await createDatabase(adminUrl, `restore_${randomBytes(5).toString("hex")}`);
    } else {
      // The embedded database belongs to the running server: the CLI asks it for the copy.
      expect(backup.output).toContain("Hay un servidor en marcha");
      const refused = await npmScript("scripts/db-restore.ts", [file], app.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("detenelo antes de restaurar");
    }
    const restore = await npmScript("scripts/db-restore.ts", [file], targetEnv);
    expect(restore.code, restore.output).toBe(0);

    const copy = await start(targetEnv);
    expect(await catalogue(copy)).toBe(books);
    // The subscriber came with the copy (read in its database: the sign-up form answers the same for
    // everyone, so it cannot tell).
    await copy.stop();
    const restored = targetEnv.DATABASE_URL
      ? await openPostgres(targetEnv.DATABASE_URL)
      : await openPglite(targetEnv.DATA_DIR ?? "");
    try {
      const rows = await restored.db
        .select({ email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "copia@example.com"));
      expect(rows).toHaveLength(1);
    } finally {
      await restored.close();
    }
    // Two app starts and three CLI runs (each a Node process compiling TypeScript): on a busy two-core
    // machine a start alone takes half a minute, and the whole went past the 90 s default.
  }, 240_000);

  it("refuses a file that is not a backup, and says why", async () => {
    const file = path.join(scratch, "nota.txt");
    await import("node:fs/promises").then((fs) => fs.writeFile(file, "no soy una copia"));
    const result = await npmScript("scripts/db-restore.ts", [file], { DATA_DIR: freshDataDir() });
    expect(result.code).toBe(1);
    expect(result.output).toContain("no es una copia de npm run db:backup");
  });
});
