import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "plus" (ISC license).
const node: IconNode = [
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
];

export const Plus = (props: IconProps) => <Icon node={node} {...props} />;
