import { useState } from "react";
import { data } from "react-router";
import { ClaimForm } from "~/components/prizes/claim-form";
import { type ClaimResult, claimedView } from "~/components/prizes/claim-result";
import { InvalidCode, PrizeWon } from "~/components/prizes/prize-outcome";
import { PrizeShell } from "~/components/prizes/prize-shell";
import { PrizeStatusCard } from "~/components/prizes/prize-status-card";
import { DomainError } from "~/domain/errors";
import { checkCode, claimPrize } from "~/domain/prizes/prizes.server";
import { claimErrors } from "~/domain/prizes/rules";
import { publicSections } from "~/domain/settings/public-settings.server";
import { errorInit, readForm, retryAfterHeaders } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: data && "qr" in data && data.qr ? `Premio: ${data.qr.bookTitle}` : "Código QR",
    description: "Reclamá el libro que ganaste con tu código QR de Rizoma.",
    noIndex: true,
  });

/** A refused rate limit's Retry-After reaches the page's answer. */
export const headers = retryAfterHeaders;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { contact } = await publicSections(context.db);
  try {
    const qr = await checkCode(requestContext(context), params.code);
    return { qr, error: null, contact };
  } catch (error) {
    if (error instanceof DomainError) {
      return data({ qr: null, error: error.message, contact }, errorInit(error));
    }
    throw error;
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The claim form without JavaScript (with JavaScript the page calls /api/qr/claim/{code}). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    name: text(form, "name"),
    email: text(form, "email"),
    dni: text(form, "dni"),
    phone: text(form, "phone"),
  };
  try {
    const result = await claimPrize(requestContext(context), params.code, values);
    return { ok: true, ...result } satisfies ClaimResult;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.details?.alreadyClaimed) {
      return data(
        {
          ok: false,
          alreadyClaimed: true,
          claimedAt: (error.details.claimedAt as string | null) ?? null,
          claimedByInitial: (error.details.claimedByInitial as string | null) ?? null,
          error: error.message,
        } satisfies ClaimResult,
        { status: 409 },
      );
    }
    return data(
      { ok: false, error: error.message, fields: claimErrors(values), values } satisfies ClaimResult,
      errorInit(error),
    );
  }
}

export default function QrPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const [claimed, setClaimed] = useState<ClaimResult | null>(null);
  const result = claimed ?? (actionData as ClaimResult | undefined) ?? null;
  const base = loaderData.qr;

  if (!base) {
    return (
      <PrizeShell contact={contact}>
        <InvalidCode error={loaderData.error} />
      </PrizeShell>
    );
  }

  const qr = claimedView(base, result);
  if (result?.ok) {
    return (
      <PrizeShell contact={contact}>
        <PrizeWon bookTitle={qr.bookTitle} />
      </PrizeShell>
    );
  }

  return (
    <PrizeShell contact={contact}>
      <PrizeStatusCard qr={qr} />
      {qr.canClaim ? <ClaimForm code={qr.code} result={result} onClaimed={setClaimed} /> : null}
    </PrizeShell>
  );
}
