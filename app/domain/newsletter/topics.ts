/**
 * Newsletter topics: one list (DESIGN §5.8), the union of the two forms of the spec. The shop form
 * offers SHOP_TOPIC_IDS, the /newsletter page PAGE_TOPIC_IDS; a subscriber may hold any known id.
 * Client-safe: forms import the labels from here.
 */
export const NEWSLETTER_TOPICS = [
  { id: "literatura", label: "Literatura" },
  { id: "filosofia", label: "Filosofía" },
  { id: "arte", label: "Arte y Diseño" },
  { id: "politica", label: "Política" },
  { id: "historia", label: "Historia" },
  { id: "sociologia", label: "Sociología" },
  { id: "psicologia", label: "Psicología" },
  { id: "educacion", label: "Educación" },
  { id: "novelas-graficas", label: "Novelas gráficas" },
  { id: "libros-diseno", label: "Libros de diseño" },
  { id: "libros-extranjeros", label: "Libros extranjeros" },
  { id: "fantasia", label: "Fantasía" },
  { id: "literatura-juvenil", label: "Literatura juvenil" },
  { id: "ficcion", label: "Ficción y Novelas" },
  { id: "ciencias-sociales", label: "Ciencias Sociales" },
  { id: "poesia", label: "Poesía" },
  { id: "ensayo", label: "Ensayo" },
  { id: "teatro", label: "Teatro" },
] as const;

export type TopicId = (typeof NEWSLETTER_TOPICS)[number]["id"];

/** The 13 topics of the shop's compact form (storefront spec §3), in the spec's order. */
export const SHOP_TOPIC_IDS: readonly TopicId[] = [
  "literatura",
  "filosofia",
  "arte",
  "politica",
  "historia",
  "sociologia",
  "psicologia",
  "educacion",
  "novelas-graficas",
  "libros-diseno",
  "libros-extranjeros",
  "fantasia",
  "literatura-juvenil",
];

/** The 8 topics of the /newsletter page (box-prizes-admin spec §3), in the spec's order. */
export const PAGE_TOPIC_IDS: readonly TopicId[] = [
  "ficcion",
  "filosofia",
  "arte",
  "ciencias-sociales",
  "poesia",
  "historia",
  "ensayo",
  "teatro",
];

const labels = new Map<string, string>(NEWSLETTER_TOPICS.map((topic) => [topic.id, topic.label]));

export function isTopicId(id: string): id is TopicId {
  return labels.has(id);
}

export function topicLabel(id: string): string {
  return labels.get(id) ?? id;
}

/** The topics of a form as {id, label}, in the form's order. */
export function topicsFor(ids: readonly TopicId[]): { id: TopicId; label: string }[] {
  return ids.map((id) => ({ id, label: topicLabel(id) }));
}
