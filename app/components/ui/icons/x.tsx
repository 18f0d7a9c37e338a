import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "x" (ISC license).
const node: IconNode = [
  ["path", { d: "M18 6 6 18" }],
  ["path", { d: "m6 6 12 12" }],
];

export const X = (props: IconProps) => <Icon node={node} {...props} />;
