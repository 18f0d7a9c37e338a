import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "menu" (ISC license).
const node: IconNode = [
  ["path", { d: "M4 5h16" }],
  ["path", { d: "M4 12h16" }],
  ["path", { d: "M4 19h16" }],
];

export const Menu = (props: IconProps) => <Icon node={node} {...props} />;
