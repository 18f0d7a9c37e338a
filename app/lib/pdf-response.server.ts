import { DomainError } from "~/domain/errors";

/**
 * The admin's PDF answers (shipping labels): shown in the browser's viewer to print, never cached; a
 * refusal is its Spanish message in plain text with its status (400 bad input, 404 nothing to print,
 * 502 the carrier did not answer), never a 500.
 */
export function inlinePdf(pdf: Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function plainRefusal(message: string, status: number): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Runs `work`; a DomainError it throws becomes its plain-text refusal. */
export async function pdfOrRefusal(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) return plainRefusal(error.message, error.status);
    throw error;
  }
}
