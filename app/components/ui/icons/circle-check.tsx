import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "circle-check" (ISC license).
const node: IconNode = [
  ["circle", { cx: "12", cy: "12", r: "10" }],
  ["path", { d: "m16 9-5.5 5.5L8 12" }],
];

export const CheckCircle2 = (props: IconProps) => <Icon node={node} {...props} />;
