import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import express, { type Router } from "express";
import { ZodError } from "zod";
import { createAdmin } from "~/domain/auth/admin-users.server";
import { resetAdminPassword } from "~/domain/auth/team.server";
import { DomainError } from "~/domain/errors";
import type { TiendanubeService } from "~/domain/tiendanube/service.server";
import { runSync, SyncAlreadyRunning } from "~/domain/tiendanube/sync.server";
import { zodMessage } from "~/lib/zod-spanish";
import { dumpPglite } from "~db/backup";
import type { Db } from "~db/index";
import type { EmbeddedEngine } from "~db/pglite-worker-client";

/**
 * While a server holds an embedded DATA_DIR, command-line tasks must not open the database (DESIGN §3).
 * They ask the running server instead, through loopback-only endpoints authorised by a token the server
 * writes into DATA_DIR/control.json (mode 600: only the same user can read it).
 */
export interface ControlInfo {
  url: string;
  token: string;
}

export const controlFile = (dataDir: string) => path.join(dataDir, "control.json");

export function writeControlInfo(dataDir: string, info: ControlInfo): () => void {
  const file = controlFile(dataDir);
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

export function readControlInfo(dataDir: string): ControlInfo | null {
  try {
    const info = JSON.parse(readFileSync(controlFile(dataDir), "utf8"));
    return typeof info.url === "string" && typeof info.token === "string" ? info : null;
  } catch {
    return null;
  }
}

export const newControlToken = () => randomBytes(32).toString("base64url");

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function controlRouter(
  db: Db,
  token: string,
  tiendanube: TiendanubeService | null = null,
  pglite: EmbeddedEngine | null = null,
): Router {
  const router = express.Router();
  const expected = Buffer.from(`Bearer ${token}`);
  router.use((req, res, next) => {
    const given = Buffer.from(req.get("authorization") ?? "");
    const authorised = given.length === expected.length && timingSafeEqual(given, expected);
    if (!loopback.has(req.socket.remoteAddress ?? "") || !authorised) {
      res.status(404).json({ success: false, error: "Ruta de API inexistente" });
      return;
    }
    next();
  });
  router.post("/admin-users", express.json({ limit: "4kb" }), async (req, res) => {
    try {
      const created = await createAdmin(db, { email: req.body?.email, password: req.body?.password });
      res.status(201).json({ success: true, email: created.email });
    } catch (error) {
      if (error instanceof ZodError) res.status(400).json({ success: false, error: zodMessage(error) });
      else if (error instanceof DomainError) res.status(error.status).json({ success: false, error: error.message });
      else throw error;
    }
  });
  // npm run admin:reset: the locked-out owner's new password, made here while this server holds the database.
  router.post("/admin-reset", express.json({ limit: "4kb" }), async (req, res) => {
    try {
      const reset = await resetAdminPassword(db, String(req.body?.email ?? ""));
      res.json({ success: true, ...reset });
    } catch (error) {
      if (error instanceof ZodError) res.status(400).json({ success: false, error: zodMessage(error) });
      else if (error instanceof DomainError) res.status(error.status).json({ success: false, error: error.message });
      else throw error;
    }
  });
  // npm run tiendanube:sync: a full sync run here, answered when it ends (the CLI waits for it).
  router.post("/tiendanube-sync", async (_req, res) => {
    if (!tiendanube) {
      res.status(409).json({ success: false, error: TIENDANUBE_OFF });
      return;
    }
    try {
      res.json({ success: true, state: await runSync(db, tiendanube.catalog, "full", tiendanube.config.site) });
    } catch (error) {
      const message =
        error instanceof SyncAlreadyRunning || error instanceof Error ? error.message : "La sincronización falló";
      res.status(error instanceof SyncAlreadyRunning ? 409 : 502).json({ success: false, error: message });
    }
  });
  // npm run db:backup while this server holds the embedded database: the dump is taken here.
  router.post("/backup", async (_req, res) => {
    if (!pglite) {
      res.status(409).json({ success: false, error: "Este servidor no usa la base embebida." });
      return;
    }
    const tarball = await dumpPglite(pglite);
    res.set({ "Content-Type": "application/gzip", "Cache-Control": "no-store" }).send(tarball);
  });
  return router;
}

export const TIENDANUBE_OFF =
  "Tienda Nube no está configurada en el servidor: definí TIENDANUBE_STORE_ID y TIENDANUBE_TOKEN y reinicialo.";
