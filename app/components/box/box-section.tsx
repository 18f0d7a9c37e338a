const padded = "mx-auto max-w-5xl px-4 py-12 sm:py-16";

/**
 * One section of the Caja Rizoma landing under its h2. `band` paints it on the cream band, full width, the
 * content still in the page's column; `anchor` makes it a link target (#planes), with room above it.
 */
export function BoxSection({
  id,
  title,
  band = false,
  anchor,
  children,
}: {
  id: string;
  title: string;
  band?: boolean;
  anchor?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <h2 id={id} className="font-serif text-2xl text-ink sm:text-4xl">
      {title}
    </h2>
  );
  if (!band) {
    return (
      <section aria-labelledby={id} className={padded}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <section id={anchor} aria-labelledby={id} className={anchor ? "scroll-mt-4 bg-cream" : "bg-cream"}>
      <div className={padded}>
        {heading}
        {children}
      </div>
    </section>
  );
}
