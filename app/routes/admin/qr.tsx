import { CreateQrTab, type QrCodeFormValues } from "~/components/admin/prizes/create-qr-tab";
import { QrCodeList } from "~/components/admin/prizes/qr-code-list";
import { QrDialog } from "~/components/admin/prizes/qr-dialog";
import { QrTabs, qrTabOf } from "~/components/admin/prizes/qr-tabs";
import { RefreshLink } from "~/components/admin/prizes/refresh-link";
import { WinnersTable } from "~/components/admin/prizes/winners-table";
import { AdminRouteError } from "~/components/layout/route-error";
import { Notice } from "~/components/ui/notice";
import { createCode, listCodes, listWinners, qrImage, qrUrl } from "~/domain/prizes/prizes.server";
import { normaliseCode } from "~/domain/prizes/rules";
import { requireAdmin } from "~/lib/admin.server";
import { formAction } from "~/lib/form-action.server";
import { readForm } from "~/lib/http.server";
import { loadSection } from "~/lib/page-parts.server";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = () => [{ title: "Códigos QR | Panel Rizoma" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const tab = qrTabOf(params.get("tab"));
  // Each list can fail on its own: the other still shows, and the failed one says so in its tab.
  const [codes, winners] = await Promise.all([
    loadSection(context, "qr codes", () => listCodes(context.db)),
    loadSection(context, "qr winners", () => listWinners(context.db)),
  ]);
  const viewing = params.get("ver") ? codes?.find((c) => c.code === normaliseCode(params.get("ver") ?? "")) : undefined;
  return {
    tab,
    codes,
    winners,
    viewing: viewing
      ? {
          ...viewing,
          url: qrUrl(context.config.publicUrl, viewing.code),
          image: await qrImage(context.config.publicUrl, viewing.code),
        }
      : null,
  };
}

/** Creating a code from the form (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const values: QrCodeFormValues = {
    bookTitle: String(form.get("bookTitle") ?? ""),
    description: String(form.get("description") ?? ""),
    code: String(form.get("code") ?? ""),
    expiresAt: String(form.get("expiresAt") ?? ""),
  };
  const create = async () => ({
    ok: true as const,
    created: await createCode(context.db, admin, values, context.config.publicUrl),
  });
  return formAction(values, create, { ok: false as const });
}

export default function AdminQr({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, codes, winners, viewing } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl">Códigos QR</h1>
        <RefreshLink tab={tab} />
      </div>
      <QrTabs current={tab} codes={codes?.length ?? null} winners={winners?.length ?? null} />
      {tab === "crear" ? <CreateQrTab result={actionData} /> : null}
      {tab === "codigos" ? (
        codes ? (
          <QrCodeList codes={codes} />
        ) : (
          <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los códigos QR" }} />
        )
      ) : null}
      {tab === "ganadores" ? (
        winners ? (
          <WinnersTable winners={winners} />
        ) : (
          <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los ganadores" }} />
        )
      ) : null}
      {viewing ? <QrDialog key={viewing.code} viewing={viewing} tab={tab} /> : null}
    </div>
  );
}

/** The codes or winners could not be read (the database is down): the spec's message, inside the admin. */
export function ErrorBoundary() {
  return (
    <AdminRouteError
      title="Códigos QR"
      message="No se pudieron cargar los códigos QR"
      retry={{ href: "/admin/qr", label: "Probá de nuevo" }}
    />
  );
}
