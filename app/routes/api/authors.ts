import { z } from "zod";
import { AUTHOR_SUGGESTION_LIMIT, suggestAuthors } from "~/domain/catalog/author-suggestions";
import { shopAuthors } from "~/domain/catalog/reference.server";
import { api, jsonResponse, methodNotAllowed, readQuery } from "~/lib/http.server";
import type { ResourceArgs } from "~/lib/resource-route";

/** Suggestions start at 2 characters (as the shop search's); a name is never longer than the shop's filter. */
export const AUTHOR_QUERY_MIN = 2;
export const AUTHOR_QUERY_MAX = 100;

const querySchema = z.object({
  q: z
    .string({ error: "Falta el parámetro q (parte del nombre del autor)" })
    .max(AUTHOR_QUERY_MAX, `El parámetro q no puede tener más de ${AUTHOR_QUERY_MAX} caracteres`)
    .transform((q) => q.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(AUTHOR_QUERY_MIN, `El parámetro q debe tener al menos ${AUTHOR_QUERY_MIN} caracteres`)),
});
export type AuthorQuery = z.infer<typeof querySchema>;

/**
 * A minute in the browser: typing the same letters again (a deleted character, a second look) asks nothing,
 * and a newly published author shows soon. Errors are never cached (jsonResponse's no-store).
 */
const SUGGESTIONS_CACHE = { "Cache-Control": "public, max-age=60" };

/**
 * GET /api/autores?q=borg: up to 8 authors of published books for the shop's author field, from the
 * author list kept in memory (no query while it is warm). `{ success: true, authors: string[] }`.
 */
export function loader({ request, context }: ResourceArgs) {
  return api(context, async () => {
    const { q } = readQuery(request, querySchema);
    const authors = suggestAuthors(await shopAuthors(context.db), q, AUTHOR_SUGGESTION_LIMIT);
    return jsonResponse({ success: true, authors }, { headers: SUGGESTIONS_CACHE });
  });
}

export const action = () => methodNotAllowed("GET");
