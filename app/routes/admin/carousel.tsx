import { redirect } from "react-router";
import { CarouselEditor } from "~/components/admin/carousel/carousel-editor";
import { Notice, type NoticeData } from "~/components/ui/notice";
import { carouselState, renumberCarousel, setFeatured } from "~/domain/carousel/carousel.server";
import { MAX_CAROUSEL_BOOKS } from "~/domain/carousel/limits";
import { normaliseSearch } from "~/domain/catalog/search.server";
import { Invalid } from "~/domain/errors";
import { requireAdmin } from "~/lib/admin.server";
import { formFailure } from "~/lib/form-action.server";
import { failureNotice } from "~/lib/form-failure";
import { readForm } from "~/lib/http.server";
import { loadSection } from "~/lib/page-parts.server";
import { ownEntry, parseId } from "~/lib/params";
import type { Route } from "./+types/carousel";

/** Results of a change, carried in the URL after the redirect so a reload does not repeat it. */
const notices: Record<string, NoticeData> = {
  actualizado: { tone: "success", title: "Actualizado", message: "El carrusel ya muestra el cambio." },
  orden: { tone: "success", title: "Orden actualizado" },
  reordenado: {
    tone: "success",
    title: "Orden actualizado",
    message: "Los libros quedaron numerados del 1 en adelante.",
  },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const url = new URL(request.url);
  const search = normaliseSearch(url.searchParams.get("buscar"));
  const state = await loadSection(context, "carousel books", () => carouselState(context.db, search));
  return { state, search, max: MAX_CAROUSEL_BOOKS, notice: notices[url.searchParams.get("aviso") ?? ""] ?? null };
}

const failures: Record<string, string> = {
  add: "No se pudo actualizar el libro",
  remove: "No se pudo actualizar el libro",
  order: "No se pudo actualizar el orden",
  reorder: "No se pudo reordenar los libros",
};

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  // 0 names no book: setFeatured answers it as "Producto no encontrado".
  const id = parseId(form.get("id")) ?? 0;
  const back = (aviso: string) => {
    const url = new URL(request.url);
    url.searchParams.set("aviso", aviso);
    return redirect(`${url.pathname}${url.search}`, 303);
  };
  try {
    if (intent === "add") await setFeatured(context.db, admin, id, { featured: true });
    else if (intent === "remove") await setFeatured(context.db, admin, id, { featured: false });
    else if (intent === "order") {
      // The spec: the order input is a number, min 0; anything non-numeric counts as 0.
      const order = Math.max(0, Math.trunc(Number(form.get("featuredOrder")) || 0));
      await setFeatured(context.db, admin, id, { featured: true, featuredOrder: Math.min(order, 1000) });
      return back("orden");
    } else if (intent === "reorder") {
      await renumberCarousel(context.db, admin);
      return back("reordenado");
    } else throw new Invalid("Acción desconocida");
    return back("actualizado");
  } catch (error) {
    return formFailure(error, {}, { title: ownEntry(failures, intent) ?? "Error" });
  }
}

export default function AdminCarousel({ loaderData, actionData }: Route.ComponentProps) {
  const { state, search, max } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl">Carrusel</h1>
        <p className="mt-1 text-ink/75">Los libros destacados del inicio, en el orden en que aparecen.</p>
      </div>
      <Notice notice={failureNotice(actionData, actionData?.title ?? "") ?? loaderData.notice} />
      {state ? (
        <CarouselEditor {...state} search={search} max={max} />
      ) : (
        // The books could not be read: nothing to edit, and no form that would act on a stale picture.
        <Notice notice={{ tone: "error", title: "Error", message: "No se pudieron cargar los libros" }} />
      )}
    </div>
  );
}
