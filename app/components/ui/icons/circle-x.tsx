import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "circle-x" (ISC license).
const node: IconNode = [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m15 9-6 6" }],
  ["path", { d: "m9 9 6 6" }],
];

export const XCircle = (props: IconProps) => <Icon node={node} {...props} />;
