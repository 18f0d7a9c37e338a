import { createServer, type Server } from "node:http";
import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import type express from "express";
import type { ServerBuild } from "react-router";
import { startCartReminderJob } from "~/domain/accounts/cart-reminders.server";
import { startPreapprovalCancellationRetry } from "~/domain/box/cancellation-retry.server";
import { maySimulate, shopMode } from "~/domain/demo/demo-mode.server";
import { seedDemoSalesHistory } from "~/domain/demo/sales-history.server";
import { createCoverVariantWorker, installCoverVariantWorker } from "~/domain/images/variants.server";
import { sequenceLeaseFor } from "~/domain/invoices/issue.server";
import { invoiceIssued } from "~/domain/invoices/notify.server";
import { startInvoiceWorker } from "~/domain/invoices/worker.server";
import { startMailWorker } from "~/domain/mail/worker.server";
import { seedNewsletterTopics } from "~/domain/newsletter/newsletter.server";
import { startOrderExpiryJob } from "~/domain/orders/lifecycle.server";
import { signingSecret } from "~/domain/secrets/signing.server";
import { getSection, seedSettings } from "~/domain/settings/settings.server";
import { releaseTrackingLeases, startShipmentTrackingJob } from "~/domain/shipping/tracking.server";
import { startReleaseAlertJob } from "~/domain/stock-alerts/release.server";
import { createTiendanubeService } from "~/domain/tiendanube/service.server";
import { createArca } from "~/integrations/arca/index.server";
import { createBookData } from "~/integrations/book-data/index.server";
import { createCarriers } from "~/integrations/carriers/index.server";
import { configureSharp } from "~/integrations/images/sharp.server";
import { fileMailer, smtpMailer } from "~/integrations/mail/transport.server";
import { createMercadoPago } from "~/integrations/mercadopago/index.server";
import { logger } from "~/lib/logger.server";
import { seedDemoCatalogue, seedTaxonomy } from "~db/seed";
import { createApp, requestListener } from "./app";
import { bootstrapAdmin } from "./bootstrap-admin";
import { newControlToken, writeControlInfo } from "./control";
import { startEmbeddedMaintenance } from "./embedded-maintenance";
import { EnvError, loadEnv } from "./env";
import { idleCollector, memoryReducingCollection } from "./idle-gc";
import { openMigratedDatabase } from "./open-database";
import { listenForPublicPageChanges } from "./page-cache-listener";
import { projectRoot } from "./project-root";
import { resolveSessionSecret } from "./session-secret";

export interface StartOptions {
  /** Development only: Vite's middleware and a loader for the fresh server build. */
  dev?: { middleware: express.RequestHandler; loadBuild: () => Promise<ServerBuild> };
}

/** Opens the database (migrated), loads the demo when asked, and serves. Exits with a clear message on bad config. */
export async function start(options: StartOptions = {}): Promise<Server> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  logger.level = env.logLevel;
  const root = projectRoot();

  const { database, close: closeDatabase } = await openMigratedDatabase(env, root);
  await seedTaxonomy(database.db);
  await seedSettings(database.db);
  await seedNewsletterTopics(database.db);
  if (env.demoData) {
    const added = await seedDemoCatalogue(database.db);
    if (added > 0) logger.info({ books: added }, "demo catalogue loaded");
  }
  // SESSION_SECRET is required in production; only a demo shop runs on its database's key (server/session-secret.ts).
  try {
    env.sessionSecret = await resolveSessionSecret(database.db, env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    await closeDatabase();
    process.exit(1);
  }
  // The key that signs e-mailed links and the payments sandbox's notifications exists before any request,
  // so no visitor's request (a refused webhook, say) is the one that writes it.
  await signingSecret(database.db, env.sessionSecret);

  const adminLines = await bootstrapAdmin(database.db, env, `${env.publicUrl}/admin`);
  // A fresh demo shop starts with a fair and a day at the counter behind it (issue 35).
  if (env.demoData && env.demoHistory) {
    await seedDemoSalesHistory({
      db: database.db,
      siteUrl: env.publicUrl,
      configuredSecret: env.sessionSecret,
      shopEmail: env.mail.shopNotifyEmail,
      log: logger,
    });
  }
  const controlToken = env.databaseUrl ? undefined : newControlToken();
  const contactEmail = env.mail.shopNotifyEmail ?? (await getSection(database.db, "contact")).email;
  const tiendanube = createTiendanubeService(database.db, env.tiendanube, contactEmail, {
    siteUrl: env.publicUrl,
    configuredSecret: env.sessionSecret,
  });

  const mercadoPago = createMercadoPago({
    db: database.db,
    nodeEnv: env.nodeEnv,
    siteUrl: env.publicUrl,
    configuredSecret: env.sessionSecret,
    ...env.mercadoPago,
    maySimulate: () => maySimulate(database.db, env.nodeEnv),
  });
  const payments = await mercadoPago.current();
  const demo = (await shopMode(database.db)) === "demo";
  if (demo)
    console.log(
      `Tienda de demostración: ${payments.mode === "sandbox" ? "los pagos son simulados (sandbox de Mercado Pago en /pagos/sandbox)" : "con Mercado Pago real"}; para pasar a producción: ${env.publicUrl}/admin/ajustes/produccion`,
    );
  else if (payments.mode === "sandbox")
    console.log("Mercado Pago: sin MP_ACCESS_TOKEN, los pagos usan el sandbox local (/pagos/sandbox)");
  if (payments.mode === "live" && !env.mercadoPago.webhookSecret)
    console.warn("Mercado Pago: falta MP_WEBHOOK_SECRET, así que se rechazan todas sus notificaciones (401)");
  if (payments.mode === "unavailable")
    console.warn("Mercado Pago no está configurado (MP_ACCESS_TOKEN): la Caja Rizoma no toma suscripciones");

  // ARCA: the real web services with credentials, the built-in sandbox in a demo shop, else off.
  const arca = createArca({
    db: database.db,
    config: env.arca,
    timeoutMs: env.arcaTimeoutMs,
    isDemo: async () => (await shopMode(database.db)) === "demo",
    sandboxCuit: async () => (await getSection(database.db, "fiscal")).cuit,
  });
  if (env.arca) console.log(`ARCA: facturación electrónica en ${env.arca.environment} con el CUIT ${env.arca.cuit}`);
  // Correo Argentino and Andreani: the configured ones; without any, the sandbox's two in a demo shop.
  const carriers = createCarriers({
    config: env.carriers,
    isDemo: async () => (await shopMode(database.db)) === "demo",
  });
  const configuredCarriers = [env.carriers.correoArgentino && "Correo Argentino", env.carriers.andreani && "Andreani"];
  if (configuredCarriers.some(Boolean))
    console.log(`Envíos: cotización en vivo con ${configuredCarriers.filter(Boolean).join(" y ")}`);
  else if (demo)
    console.log("Envíos: sin CORREO_ARGENTINO_* ni ANDREANI_*, la demo cotiza y sigue envíos con correos de prueba");

  // ISBN autofill: Open Library and Google Books; a demo shop with no base configured asks the sandbox.
  const bookData = createBookData({
    config: env.bookData,
    isDemo: async () => (await shopMode(database.db)) === "demo",
  });

  const images = {
    publicDir: options.dev ? path.join(root, "public") : path.join(root, "build", "client"),
    cacheDir: path.join(env.dataDir, "cache", "images"),
    remoteHosts: env.imageRemoteHosts,
    production: env.nodeEnv === "production",
  };
  // Uploaded and synced covers get their variants in the background, one at a time (DESIGN §7).
  configureSharp();
  const coverVariants = createCoverVariantWorker({
    db: database.db,
    publicDir: images.publicDir,
    cacheDir: images.cacheDir,
    remote: { allowedHosts: images.remoteHosts, production: images.production },
    log: logger.child({ component: "images" }),
  });
  installCoverVariantWorker(coverVariants);

  const app = createApp({
    database,
    config: {
      publicUrl: env.publicUrl,
      storeUrl: env.storeUrl,
      secureCookies: env.publicUrl.startsWith("https:"),
      configuredSecret: env.sessionSecret,
      mailFrom: env.mail.from,
      shopNotifyEmail: env.mail.shopNotifyEmail,
    },
    build: options.dev ? options.dev.loadBuild : (serverBuild as unknown as ServerBuild),
    clientDir: options.dev ? undefined : path.join(root, "build", "client"),
    devMiddleware: options.dev?.middleware,
    trustProxy: env.trustProxy,
    controlToken,
    tiendanube,
    images,
    mercadoPago,
    arca,
    carriers,
    bookData,
    pageCache: env.pageCache.enabled && !options.dev ? { maxBytes: env.pageCache.maxBytes } : null,
  });
  // Other instances on the same PostgreSQL tell this one when its cached pages went stale.
  const stopListening = await listenForPublicPageChanges(database, env.databaseUrl);

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer(requestListener(app)).listen(env.port, env.host, () => resolve(listening));
    listening.once("error", reject);
  });
  // Once no request has come for a few seconds, a load's garbage goes back to the system (server/idle-gc.ts).
  const collectMain = memoryReducingCollection();
  const collector =
    env.idleGcSeconds === null
      ? null
      : idleCollector({
          idleMs: env.idleGcSeconds * 1000,
          // The embedded database's thread keeps its own heap: it is collected at the same time, on the other core.
          collect: async () => {
            await Promise.all([collectMain(), database.collectGarbage?.()]);
          },
          onCollected: ({ ms, heapBeforeBytes, heapAfterBytes }) =>
            logger.debug(
              {
                ms: Math.round(ms),
                heapBeforeMb: Math.round(heapBeforeBytes / 2 ** 20),
                heapAfterMb: Math.round(heapAfterBytes / 2 ** 20),
              },
              "idle garbage collection",
            ),
        });
  if (collector)
    server.on("request", (_req, res) => {
      collector.requestStarted();
      res.once("close", collector.requestEnded);
    });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.port;
  console.log(
    `Rizoma escuchando en http://localhost:${port} (base de datos: ${database.kind === "pglite" ? `PGlite en ${env.dataDir}` : "PostgreSQL"})`,
  );

  for (const line of adminLines) console.log(line);
  const mailer = env.mail.smtpUrl ? smtpMailer(env.mail.smtpUrl) : fileMailer(path.join(env.dataDir, "mail"));
  const mailWorker = startMailWorker({
    db: database.db,
    mailer,
    from: env.mail.from,
    log: logger.child({ component: "mail" }),
    leaseSeconds: env.mail.leaseSeconds,
  });
  if (mailer.kind === "file")
    console.log(`Correo: sin SMTP_URL, los mensajes se guardan en ${path.join(env.dataDir, "mail")}`);
  // Paid sales and box charges get their ARCA vouchers, numbered once each across instances (decision 0026).
  const invoiceWorker = startInvoiceWorker({
    db: database.db,
    arca,
    log: logger.child({ component: "invoices" }),
    leaseSeconds: env.invoiceLeaseSeconds,
    retryBaseMs: env.invoiceRetrySeconds * 1000,
    // Follows ARCA_TIMEOUT_MS: renewed before every ARCA call, it must cover what follows a renewal (a login
    // and a call), or a second worker could send the same number while ours is in flight; a fixed long one
    // would block numbering for that long after a crash.
    sequenceLeaseSeconds: sequenceLeaseFor(env.arcaTimeoutMs),
    onIssued: invoiceIssued({ siteUrl: env.publicUrl, configuredSecret: env.sessionSecret }),
  });
  // Unpaid transfer orders past their time give their books back (safe with several instances).
  const orderExpiry = startOrderExpiryJob({
    db: database.db,
    siteUrl: env.publicUrl,
    configuredSecret: env.sessionSecret,
    log: logger.child({ component: "orders" }),
  });
  // "Avisame cuando salga": pre-sales whose release date came send their alerts (safe with several instances).
  const releaseAlerts = startReleaseAlertJob({
    db: database.db,
    siteUrl: env.publicUrl,
    configuredSecret: env.sessionSecret,
    log: logger.child({ component: "stock-alerts" }),
  });
  // A baja whose Mercado Pago cancellation failed is told again until Mercado Pago takes it (decision 0022).
  const boxCancellationRetry = startPreapprovalCancellationRetry({
    db: database.db,
    mercadoPago,
    siteUrl: env.publicUrl,
    log: logger.child({ component: "box" }),
  });
  // "Recordame mi carrito": due reminders become one e-mail each (safe with several instances).
  const cartReminders = startCartReminderJob({
    db: database.db,
    siteUrl: env.publicUrl,
    configuredSecret: env.sessionSecret,
    log: logger.child({ component: "accounts" }),
  });
  // PGlite has one owner: a tracking lease found at start is a dead process's (kill -9 mid-pass).
  if (database.kind === "pglite") {
    const released = await releaseTrackingLeases(database.db);
    if (released > 0) logger.warn({ released }, "tracking leases of a stopped process released");
  }
  // Carrier shipments are followed until delivered; "Entregado" delivers the order (safe with several instances).
  const shipmentTracking = startShipmentTrackingJob(
    {
      db: database.db,
      siteUrl: env.publicUrl,
      configuredSecret: env.sessionSecret,
      carriers,
      log: logger.child({ component: "shipping" }),
    },
    env.tracking.intervalMs,
    { pollSeconds: env.tracking.pollSeconds, leaseSeconds: env.tracking.leaseSeconds },
  );
  // PGlite has no autovacuum: this process keeps its statistics fresh and reclaims dead rows.
  const maintenance = startEmbeddedMaintenance(database, logger.child({ component: "database" }));
  // Incremental sync every N minutes (settings), only with a configured store.
  tiendanube?.startTimer();
  let removeControlInfo = () => {};
  if (controlToken) {
    const host = env.host === "0.0.0.0" || env.host === "::" ? "127.0.0.1" : env.host;
    removeControlInfo = writeControlInfo(env.dataDir, { url: `http://${host}:${port}`, token: controlToken });
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    server.closeIdleConnections();
    await new Promise((resolve) => server.close(resolve));
    collector?.stop();
    await invoiceWorker.stop();
    await mailWorker.stop();
    await orderExpiry.stop();
    await releaseAlerts.stop();
    await boxCancellationRetry.stop();
    await cartReminders.stop();
    await shipmentTracking.stop();
    await maintenance.stop();
    await tiendanube?.stop();
    installCoverVariantWorker(null);
    await coverVariants.stop();
    await stopListening();
    removeControlInfo();
    await closeDatabase();
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  return server;
}
