import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signInCodeMail } from "~/domain/accounts/mail.server";
import {
  boxCancellationCode,
  boxCancellationDone,
  boxCancellationNotFound,
  boxCancellationShop,
  boxPaymentReceived,
  boxSubscriberChangedShop,
  boxWelcome,
  bulkMessage,
} from "~/domain/box/mail.server";
import { newsletterWelcome } from "~/domain/newsletter/mail.server";
import { orderPaid, orderReceivedTransfer, orderShipped } from "~/domain/orders/mail.server";
import { prizeClaimedShop, prizeClaimedWinner } from "~/domain/prizes/mail.server";
import { DEFAULT_SETTINGS } from "~/domain/settings/schema";
import {
  withdrawalCancelled,
  withdrawalReceived,
  withdrawalRefunded,
  withdrawalShop,
} from "~/domain/withdrawals/mail.server";
import { fileMailer, type Mailer, smtpMailer } from "~/integrations/mail/transport.server";
import { openPostgres } from "~db/connect";
import { mailOutbox, settings } from "~db/schema";
import { startSmtpServer, type TestSmtpServer } from "../../../tests/support/smtp-server";
import { onPostgres, testDatabase } from "../../../tests/support/test-database";
import { until } from "../../../tests/support/until";
import {
  claimDue,
  enqueueMail,
  getOutboxMessage,
  markAttemptFailed,
  outboxCounts,
  SENSITIVE_SENT_TEXT,
} from "./outbox.server";
import type { RenderedMail } from "./templates/render.server";
import { type MailWorker, startMailWorker } from "./worker.server";

const database = await testDatabase();
const db = database.db;
const log = pino({ level: "silent" });
const siteUrl = "https://rizoma.test";
const from = "Rizoma <hola@rizoma.test>";
let smtp: TestSmtpServer;
const workers: MailWorker[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  // The tests below send in bursts: a generous pace, so only the tests about pacing wait.
  await db.insert(settings).values({
    key: "rateLimits",
    value: { loginMaxFailures: 5, loginWindowMinutes: 15, newsletterPerIpPerHour: 10, mailPerSecond: 50 },
  });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  smtp.setFailing(false);
  smtp.setDelay(0);
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const welcome = (name: string) =>
  newsletterWelcome({ siteUrl, name, interests: ["Poesía"], unsubscribeUrl: `${siteUrl}/newsletter/baja?token=t.1` });

function worker(mailer: Mailer, options: { retryBaseMs?: number; leaseSeconds?: number; on?: typeof db } = {}) {
  const started = startMailWorker({
    db: options.on ?? db,
    mailer,
    from,
    log,
    pollMs: 50,
    retryBaseMs: options.retryBaseMs ?? 100,
    leaseSeconds: options.leaseSeconds ?? 60,
  });
  workers.push(started);
  return started;
}

const receivedIds = () => smtp.received.map((mail) => mail.messageId);

describe("the outbox over SMTP", () => {
  it("delivers a queued message with its subject, Message-ID, unsubscribe headers and Spanish text", async () => {
    const queued = await enqueueMail(db, { to: "lectora@example.com", mail: welcome("Lucía"), siteUrl });
    worker(smtpMailer(smtp.url));
    await until(() => receivedIds().includes(queued.messageId), "the welcome mail");
    const mail = smtp.received.find((m) => m.messageId === queued.messageId);
    expect(mail?.to).toBe("lectora@example.com");
    expect(mail?.parsed.subject).toBe("¡Bienvenida/o al newsletter de Rizoma!");
    expect(mail?.parsed.from?.text).toContain("hola@rizoma.test");
    expect(mail?.raw).toContain(`List-Unsubscribe: <${siteUrl}/newsletter/baja?token=t.1>`);
    expect(mail?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail?.parsed.text).toContain("¡Hola, Lucía!");
    expect(mail?.parsed.html).toContain("Explorar libros");
    await until(async () => (await outboxCounts(db)).sent >= 1, "the row marked sent");
  });

  it("sends a sign-in code once, then keeps its template and state but not the code; the admin never sees it", async () => {
    const code = "482913";
    const linkUrl = `${siteUrl}/cuenta/ingresar?enlace=enlace-secreto-0123456789abcdef`;
    const signIn = signInCodeMail({ siteUrl, code, linkUrl });
    const baja = boxCancellationCode({ siteUrl, code: "731904", bajaUrl: `${siteUrl}/caja-rizoma/baja` });
    for (const mail of [signIn, baja]) expect(mail.subject).not.toMatch(/\d{6}/);
    const secretOne = await enqueueMail(db, { to: "secreta@example.com", mail: signIn, siteUrl });
    const plain = await enqueueMail(db, { to: "comun@example.com", mail: welcome("Rita"), siteUrl });
    // Before sending: the admin's view shows the template and state, not the code or the link.
    const queuedView = await getOutboxMessage(db, secretOne.id);
    expect(queuedView).toMatchObject({ template: "account-sign-in-code", status: "queued" });
    expect(`${queuedView.subject}${queuedView.html}${queuedView.text}`).not.toMatch(/482913|enlace-secreto/);
    worker(smtpMailer(smtp.url));
    await until(() => receivedIds().includes(secretOne.messageId) && receivedIds().includes(plain.messageId), "both");
    const letter = smtp.received.find((m) => m.messageId === secretOne.messageId);
    expect(letter?.parsed.text).toContain(code);
    await until(async () => (await getOutboxMessage(db, secretOne.id)).status === "sent", "marked sent");
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, secretOne.id));
    expect(row).toMatchObject({ template: "account-sign-in-code", status: "sent", text: SENSITIVE_SENT_TEXT });
    expect(JSON.stringify(row)).not.toMatch(/482913|enlace-secreto/);
    await until(async () => (await getOutboxMessage(db, plain.id)).status === "sent", "the plain one sent");
    const [kept] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, plain.id));
    expect(kept?.text).toContain("Rita");
  });

  it("keeps messages while the SMTP server refuses them and delivers each once when it is back", async () => {
    smtp.setFailing(true);
    const before = smtp.received.length;
    const queued = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        enqueueMail(db, { to: `caida${i}@example.com`, mail: welcome(`Lector ${i}`), siteUrl }),
      ),
    );
    worker(smtpMailer(smtp.url), { retryBaseMs: 200 });
    await until(async () => {
      const rows = await db.select().from(mailOutbox);
      return queued.every((q) => (rows.find((row) => row.messageId === q.messageId)?.attempts ?? 0) >= 2);
    }, "two refused attempts each");
    expect(smtp.received.length).toBe(before);
    smtp.setFailing(false);
    await until(() => queued.every((q) => receivedIds().includes(q.messageId)), "the delivery after the outage");
    for (const q of queued) expect(receivedIds().filter((id) => id === q.messageId)).toHaveLength(1);
  });

  it("keeps messages while the SMTP server is not even listening", async () => {
    await smtp.stop();
    const queued = await enqueueMail(db, { to: "apagado@example.com", mail: welcome("Ana"), siteUrl });
    worker(smtpMailer(smtp.url), { retryBaseMs: 200 });
    await until(async () => {
      const [row] = (await db.select().from(mailOutbox)).filter((r) => r.messageId === queued.messageId);
      return (row?.attempts ?? 0) >= 1 && row?.status === "queued";
    }, "a refused connection");
    await smtp.restart();
    await until(() => receivedIds().includes(queued.messageId), "the delivery once it listens again");
  });

  it("gives up after the last attempt and shows the message as failed", async () => {
    const queued = await enqueueMail(db, { to: "rebota@example.com", mail: welcome("Beto"), siteUrl });
    const [claimed] = (await claimDue(db, 100, 60)).filter((r) => r.messageId === queued.messageId);
    if (!claimed) throw new Error("not claimed");
    const status = await markAttemptFailed(db, { id: claimed.id, attempts: 8 }, "550 no existe", {
      maxAttempts: 8,
      delayMs: 0,
    });
    expect(status).toBe("failed");
    const [after] = (await db.select().from(mailOutbox)).filter((r) => r.messageId === queued.messageId);
    expect(after?.status).toBe("failed");
    expect(after?.lastError).toBe("550 no existe");
  });

  it("sends a message again, with the same Message-ID, when its worker died before marking it", async () => {
    const queued = await enqueueMail(db, { to: "reintento@example.com", mail: welcome("Caro"), siteUrl });
    // A worker claims it with a short lease and dies without a word.
    const claimed = (await claimDue(db, 100, 1)).filter((row) => row.messageId === queued.messageId);
    expect(claimed).toHaveLength(1);
    worker(smtpMailer(smtp.url), { leaseSeconds: 60 });
    await until(() => receivedIds().includes(queued.messageId), "the re-claimed message", 15_000);
    // The server has it; the worker marks the row right after the server's answer (on a busy machine, later).
    const sent = async () =>
      (await db.select().from(mailOutbox)).find((r) => r.messageId === queued.messageId && r.status === "sent");
    const row = await until(sent, "the row marked sent", 15_000);
    expect(row.status).toBe("sent");
    expect(row.attempts).toBe(2);
  });

  it("paces bulk mail at the messages-per-second setting", async () => {
    await db
      .update(settings)
      .set({ value: { loginMaxFailures: 5, loginWindowMinutes: 15, newsletterPerIpPerHour: 10, mailPerSecond: 4 } });
    try {
      const queued = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          enqueueMail(db, {
            to: `masivo${i}@example.com`,
            mail: bulkMessage({ siteUrl, subject: "Novedades de noviembre", content: "Hola.\n\nLlegaron libros." }),
            siteUrl,
          }),
        ),
      );
      worker(smtpMailer(smtp.url));
      await until(() => queued.every((q) => receivedIds().includes(q.messageId)), "the bulk send");
      // 12 messages at 4 a second need three one-second windows: more than a second from first to last
      // (unpaced, they all arrive within a few milliseconds).
      const times = smtp.received
        .filter((mail) => queued.some((q) => q.messageId === mail.messageId))
        .map((mail) => mail.receivedAt);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(1000);
    } finally {
      await db
        .update(settings)
        .set({ value: { loginMaxFailures: 5, loginWindowMinutes: 15, newsletterPerIpPerHour: 10, mailPerSecond: 50 } });
    }
  });

  it.runIf(onPostgres())("two instances on one PostgreSQL send each message exactly once", async () => {
    const other = await openPostgres(database.url as string, { max: 5 });
    try {
      const queued = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          enqueueMail(db, { to: `dos${i}@example.com`, mail: welcome(`Dos ${i}`), siteUrl }),
        ),
      );
      worker(smtpMailer(smtp.url));
      worker(smtpMailer(smtp.url), { on: other.db });
      await until(() => queued.every((q) => receivedIds().includes(q.messageId)), "both instances' deliveries");
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const q of queued) expect(receivedIds().filter((id) => id === q.messageId)).toHaveLength(1);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await other.close();
    }
  });
});

describe("every template", () => {
  const order = {
    orderNumber: "RZ-000123",
    customerName: "Sofía",
    items: [
      { title: "Rayuela", quantity: 2, unitCents: 2_500_000, netCents: 5_000_000 },
      { title: "Facundo", quantity: 1, unitCents: 1_800_050, netCents: 1_800_050 },
    ],
    subtotalCents: 6_800_050,
    discountCents: 1_020_008,
    shippingCents: 0,
    totalCents: 5_780_042,
    totalNetCents: 5_780_042,
    deliveryLabel: "Retiro en la librería",
  };
  const claim = {
    code: "K7M2QX9P",
    bookTitle: "Los detectives salvajes",
    name: "Mariana",
    email: "mariana@example.com",
    dni: "30123456",
    phone: "11 5555-1234",
    claimedAt: new Date("2026-11-20T15:30:00Z"),
  };
  const contact = DEFAULT_SETTINGS.contact;
  const withdrawal = {
    siteUrl,
    code: "ARR-7KQ2M9XP",
    reason: "Me equivoqué de edición",
    requestedAt: new Date("2026-11-20T15:30:00Z"),
    order: {
      number: "RZ-000123",
      firstName: "Sofía",
      lastName: "Gómez",
      email: "sofia@example.com",
      phone: "11 4444-5678",
      status: "delivered" as const,
      paymentMethod: "mercadopago" as const,
      totalCents: 5_780_042,
      deliveredAt: new Date("2026-11-18T18:00:00Z"),
    },
    contact,
  };
  const letter = {
    siteUrl,
    code: "ARR-7KQ2M9XP",
    orderNumber: "RZ-000123",
    customerName: "Sofía",
    orderUrl: `${siteUrl}/pedido/RZ-000123?token=t.3`,
    totalCents: 5_780_042,
    paymentMethod: "transfer" as const,
  };
  const baja = `${siteUrl}/caja-rizoma/baja?email=tomas%40example.com`;
  const cases: [RenderedMail, string, string[]][] = [
    [
      orderReceivedTransfer({ siteUrl, order, bank: DEFAULT_SETTINGS.bank, contact }),
      "Recibimos tu pedido RZ-000123: te pasamos los datos para transferir",
      [
        "TU PEDIDO FUE REGISTRADO",
        "Estado: PAGO PENDIENTE",
        "RZ-000123",
        DEFAULT_SETTINGS.bank.cbu,
        "$ 57.800,42",
        "PRECIO SIN IMPUESTOS NACIONALES: $ 57.800,42",
        "Tenés 10 días para arrepentirte de tu compra",
        `${siteUrl}/arrepentimiento?pedido=RZ-000123`,
      ],
    ],
    [
      orderPaid({ siteUrl, order }),
      "¡Pago confirmado! Pedido RZ-000123",
      [
        "Recibimos el pago",
        "2 × Rayuela",
        "PRECIO SIN IMPUESTOS NACIONALES: $ 50.000",
        "Tenés 10 días para arrepentirte",
      ],
    ],
    [
      orderShipped({
        siteUrl,
        order: { ...order, deliveryLabel: "Envío estándar a Córdoba", shippingCents: 840_000 },
        tracking: { carrier: "Correo Argentino", code: "CA123" },
      }),
      "Tu pedido RZ-000123 está en camino",
      ["ya está en camino", "Correo Argentino", "CA123"],
    ],
    [
      boxWelcome({
        siteUrl,
        name: "Tomás",
        planName: "Mensual",
        amountCents: 5_400_000,
        manageUrl: `${siteUrl}/caja-rizoma/mi-suscripcion?token=1.x`,
        number: "CR-000042",
      }),
      "¡Bienvenida/o a la Caja Rizoma!",
      [
        "plan Mensual",
        "$ 54.000",
        "entre el 15 y el 25",
        "Ver o cambiar mi suscripción",
        "Tu número de suscripción es CR-000042",
        "10 días corridos desde que te suscribiste",
        "/arrepentimiento",
      ],
    ],
    [
      boxSubscriberChangedShop({
        siteUrl,
        name: "Tomás Ruiz",
        email: "tomas@example.com",
        planName: "Mensual",
        change: "canceló",
      }),
      "Caja Rizoma: Tomás Ruiz canceló su suscripción",
      ["tomas@example.com", "plan Mensual"],
    ],
    [
      boxPaymentReceived({
        siteUrl,
        name: "Tomás",
        planName: "Semestral",
        amountCents: 27_000_000,
        periodLabel: "diciembre de 2026",
      }),
      "Recibimos el pago de tu Caja Rizoma de diciembre de 2026",
      ["$ 270.000", "Semestral"],
    ],
    [
      prizeClaimedWinner({ siteUrl, claim, contact }),
      "¡Ganaste «Los detectives salvajes»!",
      ["¡Felicitaciones, Mariana!", "K7M2QX9P", contact.address],
    ],
    [
      prizeClaimedShop({ siteUrl, claim }),
      "Premio reclamado: K7M2QX9P («Los detectives salvajes»)",
      ["30123456", "mariana@example.com", "11 5555-1234"],
    ],
    [
      boxCancellationCode({ siteUrl, code: "048213", bajaUrl: baja }),
      "Tu código para dar de baja la Caja Rizoma",
      ["Tu código para dar de baja la Caja Rizoma: 048213. Vence en 15 minutos.", "Si no pediste la baja"],
    ],
    [
      boxCancellationNotFound({ siteUrl, contactEmail: "hola@rizoma.test" }),
      "Tu pedido de baja de la Caja Rizoma",
      ["No encontramos una suscripción activa a la Caja Rizoma con este email", "escribinos a hola@rizoma.test"],
    ],
    [
      boxCancellationDone({ siteUrl, name: "Tomás", cancellationCode: "BAJA-7KQ2M9XP", planNames: ["Mensual"] }),
      "Tu baja de la Caja Rizoma quedó registrada (BAJA-7KQ2M9XP)",
      [
        "Tu baja de la Caja Rizoma quedó registrada. Código de baja: BAJA-7KQ2M9XP; no se te va a cobrar más.",
        "Dimos de baja: plan Mensual.",
        "el código de baja es tu comprobante",
      ],
    ],
    [
      boxCancellationShop({
        siteUrl,
        email: "tomas@example.com",
        cancellationCode: "BAJA-7KQ2M9XP",
        subscribers: [{ name: "Tomás Ruiz", planName: "Mensual" }],
      }),
      "Caja Rizoma: baja de tomas@example.com (BAJA-7KQ2M9XP)",
      ["se dio de baja de la Caja Rizoma con el botón de baja: Tomás Ruiz (plan Mensual)", "Ver suscripciones"],
    ],
    [
      withdrawalReceived(withdrawal),
      "Recibimos tu arrepentimiento — pedido RZ-000123",
      [
        "Código de gestión: ARR-7KQ2M9XP",
        "Qué sigue",
        "Te devolvemos el total ($ 57.800,42) por Mercado Pago",
        "Me equivoqué de edición",
      ],
    ],
    [
      withdrawalShop(withdrawal),
      "Arrepentimiento ARR-7KQ2M9XP — pedido RZ-000123",
      ["dentro de las 24 horas (Disposición 954/2025)", "sofia@example.com", "11 4444-5678", "Sofía Gómez"],
    ],
    [
      withdrawalCancelled({
        ...letter,
        paid: true,
        booksOut: { address: contact.address, whatsapp: contact.whatsapp, email: contact.email },
      }),
      "Cancelamos tu pedido RZ-000123 por tu arrepentimiento",
      [
        "Cancelamos tu pedido RZ-000123 por tu arrepentimiento (código de gestión ARR-7KQ2M9XP).",
        "Te devolvemos $ 57.800,42 por transferencia bancaria.",
        "Los gastos de la devolución corren por nuestra cuenta.",
      ],
    ],
    [
      withdrawalRefunded({
        ...letter,
        refundCents: 5_780_042,
        method: "transfer",
        reference: "TRF-99812",
        refundedOn: "2026-11-23",
      }),
      "Te devolvimos el dinero del pedido RZ-000123",
      ["Te devolvimos $ 57.800,42 del pedido RZ-000123", "TRF-99812", "23 de noviembre de 2026"],
    ],
    [
      bulkMessage({
        siteUrl,
        subject: "La caja de diciembre",
        content: "¡Hola!\n\nEste mes la curó Selva Almada.",
        unsubscribeUrl: `${siteUrl}/newsletter/baja?token=b.2`,
      }),
      "La caja de diciembre",
      ["Este mes la curó Selva Almada."],
    ],
  ];

  it("puts the withdrawal notice at the top of an order's confirmation, before the greeting and the amounts", () => {
    for (const mail of [
      orderReceivedTransfer({ siteUrl, order, bank: DEFAULT_SETTINGS.bank, contact }),
      orderPaid({ siteUrl, order }),
    ]) {
      for (const part of [mail.html, mail.text]) {
        const at = part.indexOf("Tenés 10 días para arrepentirte de tu compra");
        expect(at).toBeGreaterThan(0);
        expect(at).toBeLessThan(part.indexOf("Sofía"));
        expect(at).toBeLessThan(part.indexOf("Rayuela"));
      }
    }
  });

  it("arrives over SMTP with its subject and Spanish content in both the HTML and the text part", async () => {
    const queued = await Promise.all(
      cases.map(([mail], i) => enqueueMail(db, { to: `plantilla${i}@example.com`, mail, siteUrl })),
    );
    worker(smtpMailer(smtp.url));
    await until(() => queued.every((q) => receivedIds().includes(q.messageId)), "every template");
    cases.forEach(([, subject, phrases], i) => {
      const mail = smtp.received.find((m) => m.messageId === queued[i]?.messageId);
      expect(mail?.parsed.subject).toBe(subject);
      for (const phrase of phrases) {
        // Intl writes "$ 54.000" with a no-break space; people read a space.
        const plain = (text: string | false | undefined) => (text || "").replace(/\u00a0/g, " ");
        expect(plain(mail?.parsed.text), `${subject}: text`).toContain(phrase);
        const shown = plain(mail?.parsed.html)
          .replace(/<[^>]*>/g, "")
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'");
        expect(shown, `${subject}: html`).toContain(phrase);
      }
      expect(mail?.parsed.html).toContain('lang="es-AR"');
    });
    // Only the newsletter and bulk mail carry unsubscribe headers.
    const bulk = smtp.received.find((m) => m.messageId === queued.at(-1)?.messageId);
    expect(bulk?.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const order = smtp.received.find((m) => m.messageId === queued[0]?.messageId);
    expect(order?.raw).not.toContain("List-Unsubscribe");
  });
});

describe("without SMTP", () => {
  it("writes each message as an .eml file named by its Message-ID", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "rizoma-mail-"));
    try {
      const queued = await enqueueMail(db, { to: "archivo@example.com", mail: welcome("Flor"), siteUrl });
      worker(fileMailer(folder));
      const name = `${queued.messageId.replace(/[<>]/g, "")}.eml`;
      await until(async () => (await readdir(folder)).includes(name), "the .eml file");
      const raw = await readFile(path.join(folder, name), "utf8");
      expect(raw).toContain(`Message-ID: ${queued.messageId}`);
      expect(raw).toContain("To: archivo@example.com");
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await rm(folder, { recursive: true, force: true });
    }
  });
});
