import { createElement } from "react";
import type { IconNode, SpriteIconId } from "./icon";
import { heartNode } from "./icons/heart";
import { searchNode } from "./icons/search";

const SPRITE: Record<SpriteIconId, IconNode> = { heart: heartNode, search: searchNode };

/**
 * The shapes of the icons storefront pages repeat (SpriteIcon), once per document, as <symbol>s the icons
 * <use>. Lucide's strokes are set here; each icon's size and fill come from the icon itself.
 */
export function IconSprite() {
  return (
    <svg style={{ display: "none" }} aria-hidden="true">
      {Object.entries(SPRITE).map(([id, node]) => (
        <symbol
          key={id}
          id={`i-${id}`}
          viewBox="0 0 24 24"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
        </symbol>
      ))}
    </svg>
  );
}
