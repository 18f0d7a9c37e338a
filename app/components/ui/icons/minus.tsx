import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "minus" (ISC license).
const node: IconNode = [["path", { d: "M5 12h14" }]];

export const Minus = (props: IconProps) => <Icon node={node} {...props} />;
