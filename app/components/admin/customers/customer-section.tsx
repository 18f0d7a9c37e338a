import type { ReactNode } from "react";

/** One panel of a customer's page, named by its heading (`id` labels the section). */
export function CustomerSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  /** A link beside the heading (e.g. to the area's own admin page). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The quiet line of a section with nothing in it. */
export function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-ink/75">{children}</p>;
}
