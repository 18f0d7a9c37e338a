import type { ReactNode } from "react";

/** The terracotta box of every admin warning and refusal (title in ink: terracotta text on it is under 4.5:1). */
export const WARNING_BOX =
  "rounded-lg border border-terracotta/40 border-l-4 border-l-terracotta bg-terracotta/10 px-4 py-3 text-sm";

/**
 * Something the admin must fix for the shop to do its legal duty (missing fiscal data, invoices not being
 * issued): a terracotta panel with a heading, said before anything else on the page.
 */
export function WarningPanel({
  id,
  title,
  className = "",
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${WARNING_BOX} ${className}`}>
      <h2 id={id} className="font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
