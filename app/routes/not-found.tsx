import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

/** Catch-all: any unknown path answers a real HTTP 404 with the Spanish page. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: "Página no encontrada", noIndex: true, matches });

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
