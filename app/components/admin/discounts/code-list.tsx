import { CodeCard } from "./code-card";
import type { PageCode } from "./page-code";

export function CodeList({ codes }: { codes: PageCode[] }) {
  if (codes.length === 0) {
    return (
      <p className="rounded-xl bg-white p-6 text-ink/75 ring-1 ring-ink/10">
        Todavía no hay códigos de descuento. Creá el primero con «Nuevo código».
      </p>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-label="Códigos de descuento">
      {codes.map((code) => (
        <CodeCard key={code.id} code={code} />
      ))}
    </ul>
  );
}
