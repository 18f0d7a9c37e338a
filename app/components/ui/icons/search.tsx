import type { IconNode, SpriteIconId } from "../icon";
import { SpriteIcon } from "../icon";

// Lucide's "search" (ISC license).
export const searchNode: IconNode = [
  ["path", { d: "m21 21-4.34-4.34" }],
  ["circle", { cx: "11", cy: "11", r: "8" }],
];

const id: SpriteIconId = "search";

/** From the sprite (app/components/ui/icon-sprite.tsx): the header and the pages repeat it. */
export const Search = ({ className }: { className: string; "aria-hidden"?: "true" | boolean }) => (
  <SpriteIcon id={id} className={className} />
);
