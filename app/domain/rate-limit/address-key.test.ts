import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4", () => {
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });

  it("counts every IPv6 address of one /64 as one", () => {
    const key = addressKey("2001:db8:aa:bb:1:2:3:4");
    expect(key).toBe("2001:db8:aa:bb::/64");
    expect(addressKey("2001:0DB8:00aa:00bb:ffff:ffff:ffff:ffff")).toBe(key);
    expect(addressKey("2001:db8:aa:bb::1")).toBe(key);
    expect(addressKey("2001:db8:aa:bb::5%eth0")).toBe(key);
    expect(addressKey("2001:db8:aa:bc::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(addressKey("unknown")).toBe("unknown");
  });
});
