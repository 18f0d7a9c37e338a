import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "check" (ISC license).
const node: IconNode = [["path", { d: "M20 6 9 17l-5-5" }]];

export const Check = (props: IconProps) => <Icon node={node} {...props} />;
