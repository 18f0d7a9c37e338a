import type { ReactNode } from "react";

/** One white panel of the order page, named by its heading (`id` labels the section). */
export function OrderSection({
  id,
  title,
  spaced = false,
  children,
}: {
  id: string;
  title: string;
  /** Space between the panel's forms (the actions panel). */
  spaced?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={spaced ? "space-y-4 rounded-lg bg-white p-5" : "rounded-lg bg-white p-5"}>
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
