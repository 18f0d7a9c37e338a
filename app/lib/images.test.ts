import { describe, expect, it } from "vitest";
import { optimizedUrl, responsiveWidths, shouldOptimize, srcSet } from "./images";

describe("image URLs", () => {
  it("follows the spec's pass-through rules", () => {
    expect(shouldOptimize("/images/books/facundo.svg")).toBe(false);
    expect(shouldOptimize("/images/books/facundo-optimized.jpg")).toBe(true);
    // Covers uploaded in the admin go through the pipeline; nothing else under /uploads/.
    expect(shouldOptimize("/uploads/12.jpg")).toBe(true);
    expect(shouldOptimize("/uploads/12.webp")).toBe(true);
    expect(shouldOptimize("/uploads/otra/cosa.png")).toBe(false);
    expect(shouldOptimize("/uploads/12.svg")).toBe(false);
    expect(shouldOptimize("/public/x.png")).toBe(false);
    expect(shouldOptimize("https://cdn.example.com/a.jpg")).toBe(true);
    expect(shouldOptimize("/otros/tapa.png")).toBe(true);
  });

  it("limits widths to twice the display width", () => {
    expect(responsiveWidths(100)).toEqual([320]);
    expect(responsiveWidths(340)).toEqual([320, 640]);
    expect(responsiveWidths(2000)).toEqual([320, 640, 768, 1024, 1280, 1536, 1920]);
  });

  it("encodes external URLs and keeps local paths", () => {
    expect(optimizedUrl("https://cdn.example.com/a b.jpg", "avif", 640)).toBe(
      "/api/images/optimize/https%3A%2F%2Fcdn.example.com%2Fa%20b.jpg?f=avif&q=85&w=640",
    );
    expect(optimizedUrl("/images/books/x-optimized.jpg", "webp", 320)).toBe(
      "/api/images/optimize/images/books/x-optimized.jpg?f=webp&q=85&w=320",
    );
    expect(optimizedUrl("/uploads/12.png", "webp", 320)).toBe("/api/images/optimize/uploads/12.png?f=webp&q=85&w=320");
    expect(srcSet("/otros/t.png", "webp", 340)).toBe(
      "/api/images/optimize/otros/t.png?f=webp&q=85&w=320 320w, /api/images/optimize/otros/t.png?f=webp&q=85&w=640 640w",
    );
  });

  it("adds the content version last when it is known and well formed", () => {
    expect(optimizedUrl("/uploads/12.png", "avif", 640, 85, "0123456789abcdef")).toBe(
      "/api/images/optimize/uploads/12.png?f=avif&q=85&w=640&v=0123456789abcdef",
    );
    expect(optimizedUrl("/uploads/12.png", "avif", 640, 85, null)).toBe(
      "/api/images/optimize/uploads/12.png?f=avif&q=85&w=640",
    );
    expect(optimizedUrl("/uploads/12.png", "avif", 640, 85, "x&w=1")).toBe(
      "/api/images/optimize/uploads/12.png?f=avif&q=85&w=640",
    );
    expect(srcSet("/uploads/1.jpg", "webp", 340, "fedcba9876543210")).toBe(
      "/api/images/optimize/uploads/1.jpg?f=webp&q=85&w=320&v=fedcba9876543210 320w, /api/images/optimize/uploads/1.jpg?f=webp&q=85&w=640&v=fedcba9876543210 640w",
    );
  });
});
