import { Icon, type IconNode, type IconProps } from "../icon";

// Lucide's "pause" (ISC license).
const node: IconNode = [
  ["rect", { x: "14", y: "3", width: "5", height: "18", rx: "1" }],
  ["rect", { x: "5", y: "3", width: "5", height: "18", rx: "1" }],
];

export const Pause = (props: IconProps) => <Icon node={node} {...props} />;
