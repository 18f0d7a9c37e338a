import { createElement, type SVGProps } from "react";

/** An icon's shapes: [tag, attributes] pairs drawn on a 24×24 stroke grid (Lucide's format). */
export type IconNode = [tag: string, attributes: Record<string, string>][];

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

/**
 * A decorative storefront icon drawn like Lucide's (24×24, 2 px round strokes, currentColor), without
 * lucide-react's runtime in the shop's first-load JavaScript. The shapes in ./icons/ are copied from
 * Lucide (ISC license, https://lucide.dev): one file per icon, so a page ships only the ones it draws.
 */
export function Icon({ node, size = 24, ...props }: IconProps & { node: IconNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
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
