import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the two fake carriers (fake-correo-argentino.ts, fake-andreani.ts) share: a loopback server
 * (port 0), every request recorded, and failures on demand — the whole carrier down (503, or the socket
 * closed), the next N answers with a status (and a Retry-After), the next N answers late.
 */
export interface FakeCarrierRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface FakeCarrierControls {
  url: string;
  requests: FakeCarrierRequest[];
  /** true: every call answers 503; "close": every call's socket is closed unanswered; false: back up. */
  down(state: boolean | "close"): void;
  /** The next `count` calls (any endpoint, the login too) answer `status`, with Retry-After when given. */
  failNext(count: number, status: number, retryAfter?: number | string): void;
  /** The next `count` calls answer only after `delayMs`. */
  slowNext(count: number, delayMs: number): void;
  close(): Promise<void>;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** JSON unless it is bytes. */
  body?: unknown;
}

export type FakeHandler = (request: FakeCarrierRequest) => FakeReply;

export async function startFakeCarrierServer(handle: FakeHandler): Promise<FakeCarrierControls> {
  const requests: FakeCarrierRequest[] = [];
  const failures: { status: number; retryAfter?: string }[] = [];
  const delays: number[] = [];
  let downState: boolean | "close" = false;

  const send = (res: ServerResponse, reply: FakeReply) => {
    if (res.destroyed) return;
    const bytes = reply.body instanceof Uint8Array;
    res.writeHead(reply.status, {
      "Content-Type": bytes ? "application/pdf" : "application/json",
      ...reply.headers,
    });
    res.end(bytes ? Buffer.from(reply.body as Uint8Array) : reply.body === undefined ? "" : JSON.stringify(reply.body));
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const url = new URL(req.url ?? "/", "http://fake");
    const request: FakeCarrierRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    };
    requests.push(request);
    const delay = delays.shift();
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (downState === "close") {
      req.socket.destroy();
      return;
    }
    if (downState) return send(res, { status: 503, body: { message: "Servicio no disponible" } });
    const failure = failures.shift();
    if (failure) {
      return send(res, {
        status: failure.status,
        headers: failure.retryAfter === undefined ? {} : { "Retry-After": failure.retryAfter },
        body: { message: `Falla simulada (HTTP ${failure.status})` },
      });
    }
    try {
      send(res, handle(request));
    } catch (error) {
      send(res, { status: 500, body: { message: error instanceof Error ? error.message : String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    down(state) {
      downState = state;
    },
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) {
        failures.push({ status, retryAfter: retryAfter === undefined ? undefined : String(retryAfter) });
      }
    },
    slowNext(count, delayMs) {
      for (let i = 0; i < count; i++) delays.push(delayMs);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Buenos Aires wall time (UTC−3) of a moment, as the carriers write it without offset. */
export function buenosAiresParts(at: Date) {
  const local = new Date(at.getTime() - 3 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    dmy: `${pad(local.getUTCDate())}-${pad(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
  };
}

/** A small valid one-page PDF: what a carrier's label endpoint answers in the fakes. */
export function fakeLabelPdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 20 200 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 283 425] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
