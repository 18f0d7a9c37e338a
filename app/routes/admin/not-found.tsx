import { data } from "react-router";
import { AdminNotFoundMessage } from "~/components/layout/route-error";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/not-found";

/** Unknown admin URLs answer 404 inside the admin shell (after the session check). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return <AdminNotFoundMessage />;
}

export default function AdminNotFound() {
  return null;
}
