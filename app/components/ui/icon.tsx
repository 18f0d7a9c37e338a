import { createElement, type SVGProps } from "react";

/** An icon's shapes: [tag, attributes] pairs drawn on a 24×24 stroke grid (Lucide's format). */
export type IconNode = [tag: string, attributes: Record<string, string>][];

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

/**
 * A decorative storefront icon drawn like Lucide's (24×24, 2 px round strokes, currentColor), without
 * lucide-react's runtime in the shop's first-load JavaScript. The shapes in ./icons/ are copied from
 * Lucide (ISC license, https://lucide.dev): one file per icon, so a page ships only the ones it draws. (No
 * `xmlns`: an <svg> inside HTML needs none.)
 */
export function Icon({ node, size = 24, ...props }: IconProps & { node: IconNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
      aria-hidden="true"
    >
      {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

/** The icons a page repeats (a heart on every card, a search button in the header and the page): drawn once. */
export type SpriteIconId = "heart" | "search";

/**
 * An icon drawn once per document, in the storefront's sprite (IconSprite, in root.tsx), and used from
 * there: `/tienda` drew the same heart 27 times, 10 KB of markup (issue 36). Its size comes from its
 * class (`size-4`…), its fill from `fill` (the sprite's shapes leave it to the icon), its strokes from the
 * sprite.
 */
export function SpriteIcon({
  id,
  className,
  fill = "none",
}: {
  id: SpriteIconId;
  className: string;
  fill?: "none" | "currentColor";
}) {
  return (
    <svg className={className} fill={fill} aria-hidden="true">
      <use href={`#i-${id}`} />
    </svg>
  );
}
