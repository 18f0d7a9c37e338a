import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, totpCode, totpStep, totpUri } from "./totp";

// RFC 6238 appendix B (SHA-1 key "12345678901234567890"), the last six of its eight digits.
const rfcSecret = base32Encode(Buffer.from("12345678901234567890"));
const vectors: [number, string][] = [
  [59, "287082"],
  [1111111109, "081804"],
  [1111111111, "050471"],
  [1234567890, "005924"],
  [2000000000, "279037"],
];

describe("TOTP", () => {
  it("gives the RFC's codes", () => {
    for (const [seconds, code] of vectors) expect(totpCode(rfcSecret, totpStep(seconds * 1000))).toBe(code);
    // RFC 4226 appendix D, HOTP of counter 0 and 9.
    expect(hotp(Buffer.from("12345678901234567890"), 0)).toBe("755224");
    expect(hotp(Buffer.from("12345678901234567890"), 9)).toBe("520489");
  });

  it("round-trips base32 and accepts what people type (lower case, spaces)", () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(bytes);
  });

  it("accepts one step either side of now, and nothing further or malformed", () => {
    const at = 1111111111 * 1000;
    const step = totpStep(at);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step), at)).toBe(step);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 1), at)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step + 1), at)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, step - 2), at)).toBeNull();
    expect(matchTotp(rfcSecret, "12345", at)).toBeNull();
    expect(matchTotp(rfcSecret, "abcdef", at)).toBeNull();
  });

  it("writes the otpauth address authenticator apps read", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "ana@rizoma.com.ar", "Rizoma");
    const [path, query] = uri.split("?");
    expect(path).toBe("otpauth://totp/Rizoma:ana%40rizoma.com.ar");
    const params = new URLSearchParams(query);
    expect(params.get("secret")).toBe("JBSWY3DPEHPK3PXP");
    expect(params.get("issuer")).toBe("Rizoma");
    expect(params.get("digits")).toBe("6");
  });
});
