import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-address limit counts a visitor under. An IPv4 address is its own key (an IPv4-mapped
 * IPv6 address, `::ffff:203.0.113.9`, is that IPv4); an IPv6 address counts as its /64, because one
 * home or phone is handed a whole /64 and could otherwise step through 2^64 fresh addresses. Anything
 * else (a unix socket's "unknown") is kept as it is.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain);
  if (
    groups[0] === 0 &&
    groups[1] === 0 &&
    groups[2] === 0 &&
    groups[3] === 0 &&
    groups[4] === 0 &&
    groups[5] === 0xffff
  ) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 read as two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
