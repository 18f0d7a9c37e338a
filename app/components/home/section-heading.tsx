import type { ReactNode } from "react";

/** The home's section heading: a small kicker over a serif title, with an optional lead paragraph. */
export function SectionHeading({
  id,
  kicker,
  title,
  lead,
  align = "left",
  tone = "light",
}: {
  id: string;
  kicker: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "left" | "center";
  tone?: "light" | "dark";
}) {
  const dark = tone === "dark";
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <p className={`kicker ${dark ? "text-ochre-light" : "text-terracotta-dark"}`}>{kicker}</p>
      <h2 id={id} className="mt-3 font-serif text-3xl leading-tight sm:text-4xl">
        {title}
      </h2>
      {lead ? (
        <p className={`mt-4 text-base leading-relaxed sm:text-lg ${dark ? "text-white/85" : "text-ink/80"}`}>{lead}</p>
      ) : null}
    </div>
  );
}
