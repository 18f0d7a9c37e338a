import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "chevron-right" (ISC license).
const node: IconNode = [["path", { d: "m9 18 6-6-6-6" }]];

export const ChevronRight = (props: IconProps) => <Icon node={node} {...props} />;
