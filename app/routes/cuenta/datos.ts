import { redirect } from "react-router";
import { exportCustomerData } from "~/domain/accounts/data-export.server";
import { hasFreshProof } from "~/domain/accounts/fresh-code.server";
import { requireCustomer } from "~/lib/customer.server";
import { todayInBuenosAires } from "~/lib/dates";
import type { ResourceArgs } from "~/lib/resource-route";

/**
 * GET /cuenta/datos ("Descargar mis datos", Ley 25.326): a JSON file with everything the shop holds about
 * the signed-in email. Without a session: the sign-in page, which comes back here. Signed in more than 10
 * minutes ago: /cuenta/privacidad, which says why and asks for a fresh code first (fresh-code.server).
 */
export async function loader({ request, context }: ResourceArgs) {
  const { email } = requireCustomer(request, context);
  const now = new Date();
  if (!(await hasFreshProof(context.db, context.customerToken, now))) {
    throw redirect("/cuenta/privacidad?confirmar=datos#confirmar", 303);
  }
  const body = JSON.stringify(await exportCustomerData(context.db, email, now), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="rizoma-mis-datos-${todayInBuenosAires(now)}.json"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
