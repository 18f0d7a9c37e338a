import { jsonResponse } from "~/lib/http.server";

/** Any /api path we do not serve answers JSON, not the HTML 404 page. */
const notFound = () => jsonResponse({ success: false, error: "Ruta de API inexistente" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
