import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "chevron-left" (ISC license).
const node: IconNode = [["path", { d: "m15 18-6-6 6-6" }]];

export const ChevronLeft = (props: IconProps) => <Icon node={node} {...props} />;
