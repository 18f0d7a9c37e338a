import { type AppLoadContext, redirect } from "react-router";
import type { AdminIdentity } from "~/domain/auth/admin-users.server";
import type { AlertOrigin } from "~/domain/auth/owner-alerts.server";
import { STEP_UP_FIELD, STEP_UP_HEADER } from "~/domain/auth/step-up";
import { isFresh, readStepUpState, requireStepUp, type StepUpState } from "~/domain/auth/step-up.server";

/**
 * The step-up as routes use it (the rules: app/domain/auth/step-up.server.ts). Forms send the proof as the
 * field `stepUpProof`; JSON APIs as the body's `stepUpProof` or the `X-Step-Up` header — never in a URL.
 */

/** For a page's loader: whether its sensitive form needs the proof field (StepUpField). */
export function stepUpState(context: AppLoadContext, admin: AdminIdentity): Promise<StepUpState> {
  return readStepUpState(context.db, admin, context.adminSession);
}

/** Where the request came from, for the owners' alert. */
export function alertOrigin(request: Request, context: AppLoadContext): AlertOrigin {
  return { ip: context.clientIp, userAgent: request.headers.get("user-agent"), siteUrl: context.config.publicUrl };
}

function stepUp(context: AppLoadContext, admin: AdminIdentity, proof: string | null) {
  return requireStepUp({
    db: context.db,
    admin,
    sessionToken: context.sessionToken,
    adminSession: context.adminSession,
    proof,
    ip: context.clientIp,
  });
}

/** A page action: the proof from the form. Throws the 401 refusal (formAction places it on the field). */
export function requireFormStepUp(context: AppLoadContext, admin: AdminIdentity, form: FormData) {
  const proof = form.get(STEP_UP_FIELD);
  return stepUp(context, admin, typeof proof === "string" ? proof : null);
}

/** A JSON API: the proof from the body's `stepUpProof`, or else the `X-Step-Up` header. */
export function requireApiStepUp(context: AppLoadContext, admin: AdminIdentity, request: Request, body?: unknown) {
  const inBody =
    body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>)[STEP_UP_FIELD] : null;
  const proof = typeof inBody === "string" ? inBody : request.headers.get(STEP_UP_HEADER);
  return stepUp(context, admin, proof);
}

/** The body an API hands its domain function: everything but the proof (strict schemas refuse extra keys). */
export function withoutProof(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body) || !Object.hasOwn(body, STEP_UP_FIELD)) return body;
  const { [STEP_UP_FIELD]: _proof, ...rest } = body as Record<string, unknown>;
  return rest;
}

export const CONFIRM_PAGE = "/admin/confirmar";

/** Only the admin's own pages and downloads are places to go on to after confirming (no open redirect). */
export function safeStepUpNext(next: string | null | undefined): string {
  if (!next || !/^\/(admin|api\/admin|api\/qr\/admin)(\/[\w\-/]*)?(\?[\w\-=&%.+]*)?$/.test(next)) return "/admin";
  const path = next.split("?")[0] ?? "";
  if (/^\/admin\/(login|invitacion|confirmar)\/?$/.test(path) || path.includes("..")) return "/admin";
  return next;
}

export const confirmUrl = (next: string) => `${CONFIRM_PAGE}?next=${encodeURIComponent(next)}`;

/**
 * A download of personal data (a GET): fresh → null, go on. Stale → a page (or a browser following a link
 * to an API download) answers a redirect to /admin/confirmar, which comes back here once proved; an API
 * client gets the 401 `{stepUp: "required"}` thrown, unless it sent a right proof in `X-Step-Up`.
 */
export async function exportStepUp(
  request: Request,
  context: AppLoadContext,
  admin: AdminIdentity,
  kind: "page" | "api",
): Promise<Response | null> {
  if (isFresh(context.adminSession)) return null;
  const url = new URL(request.url);
  const browsing = request.headers.get("sec-fetch-mode") === "navigate";
  if (kind === "page" || (browsing && !request.headers.has(STEP_UP_HEADER))) {
    return redirect(confirmUrl(url.pathname + url.search), 303);
  }
  await stepUp(context, admin, request.headers.get(STEP_UP_HEADER));
  return null;
}
