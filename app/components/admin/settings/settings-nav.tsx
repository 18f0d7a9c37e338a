import { SECTION_LABELS, type SectionKey } from "~/domain/settings/schema";

/** Links to each section's form, in the order the page shows them. */
export function SettingsNav() {
  return (
    <nav aria-label="Secciones de ajustes">
      <ul className="flex flex-wrap gap-2 text-sm">
        {(Object.keys(SECTION_LABELS) as SectionKey[]).map((key) => (
          <li key={key}>
            <a
              href={`#${key}`}
              className="inline-block rounded-full border border-ink/15 bg-white px-3 py-1 hover:border-moss hover:text-moss"
            >
              {SECTION_LABELS[key].title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
