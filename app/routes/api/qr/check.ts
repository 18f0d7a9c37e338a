import { checkCode } from "~/domain/prizes/prizes.server";
import { api, jsonResponse, methodNotAllowed } from "~/lib/http.server";
import { requestContext } from "~/lib/request-context.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** GET /api/qr/check/{code} -> {success, data:{code, bookTitle, description, status, validatedAt, canClaim, winnerInfo}, message}. */
export function loader({ params, context }: ResourceArgs) {
  return api(context, async () => {
    const data = await checkCode(requestContext(context), params.code);
    return jsonResponse({
      success: true,
      data,
      message: data.canClaim
        ? "Código disponible"
        : data.status === "expired"
          ? "Código vencido"
          : "Premio ya reclamado",
    });
  });
}

export function action() {
  return methodNotAllowed("GET");
}
