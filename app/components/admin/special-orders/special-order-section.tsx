import type { ReactNode } from "react";

/** One bordered panel of the request's page, named by its heading (`id` labels the section). */
export function SpecialOrderSection({
  id,
  title,
  roomy = false,
  children,
}: {
  id: string;
  title: string;
  /** More space between its parts (the replies: a history above a form). */
  roomy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`${roomy ? "space-y-4" : "space-y-3"} rounded-xl border border-ink/10 bg-white p-4`}
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
