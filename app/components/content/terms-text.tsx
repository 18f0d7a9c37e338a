import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type TermsSection,
  type TermsText,
  type TermsValues,
  termsTextOf,
  termsTextShown,
  termsValue,
} from "~/domain/legal/terms";
import { ContentSection } from "./content-page";

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|\{(\w+)\}/g;

/** The terms' inline markup as React: `**bold**`, `[text](/path)` and `{placeholder}` (see ~/domain/legal/terms). */
function inline(text: string, values: TermsValues, key = "t"): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [, bold, linkText, href, name] = match;
    const id = `${key}-${at}`;
    if (bold !== undefined) out.push(<strong key={id}>{inline(bold, values, id)}</strong>);
    else if (linkText !== undefined && href !== undefined) {
      out.push(
        <Link key={id} to={href}>
          {linkText}
        </Link>,
      );
    } else if (name !== undefined) {
      const value = termsValue(name, values);
      if (value === null) throw new Error(`terms: unknown placeholder {${name}}`);
      out.push(value);
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const shown = (texts: TermsText[] | undefined, values: TermsValues) =>
  (texts ?? []).filter((text) => termsTextShown(text, values)).map(termsTextOf);

/** Every section of a version of the terms, as the page shows them with today's settings. */
export function TermsBody({ sections, values }: { sections: readonly TermsSection[]; values: TermsValues }) {
  return (
    <>
      {sections.map((section) => {
        const paragraphs = shown(section.paragraphs, values);
        const items = shown(section.items, values);
        return (
          <ContentSection key={section.id} id={section.id} title={section.title}>
            {paragraphs.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the terms are a fixed text, never reordered
              <p key={index}>{inline(text, values)}</p>
            ))}
            {items.length > 0 ? (
              <ul>
                {items.map((text, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the terms are a fixed text, never reordered
                  <li key={index}>{inline(text, values)}</li>
                ))}
              </ul>
            ) : null}
          </ContentSection>
        );
      })}
    </>
  );
}
