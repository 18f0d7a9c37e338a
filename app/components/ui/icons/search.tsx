import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "search" (ISC license).
const node: IconNode = [
  ["path", { d: "m21 21-4.34-4.34" }],
  ["circle", { cx: "11", cy: "11", r: "8" }],
];

export const Search = (props: IconProps) => <Icon node={node} {...props} />;
