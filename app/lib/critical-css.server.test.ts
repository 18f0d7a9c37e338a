import { describe, expect, it } from "vitest";
import { classesIn, criticalCssFor, parseStylesheet, tokensIn, withoutMarked } from "./critical-css.server";

/** A stylesheet shaped like Tailwind's output: layers, media blocks, escaped names, variables, @property. */
const CSS = [
  "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-translate-y:0}}}",
  "@layer theme{:root,:host{--font-sans:system-ui;--default-font-family:var(--font-sans);--spacing:.25rem;--color-moss:#1f4d3a;--color-unused:red}}",
  "@layer base{html{font-family:var(--default-font-family)}a{color:inherit}sub,sup{font-size:75%}:where(select:is([multiple])) optgroup{font-weight:bolder}}",
  "@layer components{.prose-rizoma a:not(.not-prose){color:var(--color-moss)}}",
  "@layer utilities{.px-4{padding-inline:calc(var(--spacing) * 4)}.shadow-md{--tw-shadow:0 4px 6px #0000001a;box-shadow:var(--tw-shadow)}",
  ".text-\\[11px\\]{font-size:11px}.w-1\\/2{width:50%}.\\32 xl\\:p-2{padding:2px}.bg-moss{background-color:var(--color-moss)}",
  ":where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}",
  ":is(:where(.group):hover .group-hover\\:underline){text-decoration-line:underline}",
  "@media(min-width:40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}}",
  ".card-enter{animation:.4s ease-out both card-enter}",
  "@keyframes card-enter{from{opacity:0}to{opacity:1}}@keyframes spin{to{transform:rotate(360deg)}}",
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-translate-y{syntax:"*";inherits:false;initial-value:0}',
].join("");

const pick = criticalCssFor(CSS);

describe("criticalCssFor", () => {
  it("keeps the rules of the classes given and those that name no class, in the stylesheet's order", () => {
    const css = pick(new Set(["px-4", "sm:flex", "<a"]));
    expect(css).toContain(".px-4{padding-inline:calc(var(--spacing) * 4)}");
    expect(css).toContain("@media(min-width:40rem){.sm\\:flex{display:flex}}");
    expect(css).toContain("html{font-family:var(--default-font-family)}a{color:inherit}");
    expect(css).not.toContain("sm\\:hidden");
    expect(css).not.toContain(".shadow-md");
    expect(css.indexOf("@layer base")).toBeLessThan(css.indexOf("@layer utilities"));
  });

  it("keeps every @layer block, even empty, so the layers keep their order in the cascade", () => {
    const css = pick(new Set());
    expect(css).toMatch(
      /^@layer properties\{\}@layer theme\{.*\}@layer base\{.*\}@layer components\{\}@layer utilities\{\}$/,
    );
  });

  it("keeps a rule of elements only when the page has one of them", () => {
    expect(pick(new Set(["<p"]))).not.toContain("a{color:inherit}");
    expect(pick(new Set(["<sup"]))).toContain("sub,sup{font-size:75%}");
    expect(pick(new Set(["<select"]))).not.toContain("optgroup");
    expect(pick(new Set(["<select", "<optgroup"]))).toContain(":where(select:is([multiple])) optgroup{");
    // html is in every document.
    expect(pick(new Set())).toContain("html{font-family:var(--default-font-family)}");
  });

  it("drops a media block whose rules are all unused", () => {
    expect(pick(new Set(["px-4"]))).not.toContain("@media");
  });

  it("reads escaped class names", () => {
    const css = pick(new Set(["text-[11px]", "w-1/2", "2xl:p-2"]));
    expect(css).toContain(".text-\\[11px\\]{font-size:11px}");
    expect(css).toContain(".w-1\\/2{width:50%}");
    expect(css).toContain(".\\32 xl\\:p-2{padding:2px}");
  });

  it("needs the classes a selector names, except inside :not()", () => {
    expect(pick(new Set(["space-y-2"]))).toContain(":where(.space-y-2>:not(:last-child))");
    expect(pick(new Set(["prose-rizoma"]))).toContain(".prose-rizoma a:not(.not-prose)");
    expect(pick(new Set(["group", "group-hover:underline"]))).toContain(".group-hover\\:underline");
    // Without a .group anywhere, group-hover can never match.
    expect(pick(new Set(["group-hover:underline"]))).not.toContain(".group-hover\\:underline");
  });

  it("keeps only the custom properties, @property rules and keyframes the kept rules read", () => {
    const css = pick(new Set(["bg-moss", "shadow-md", "card-enter"]));
    expect(css).toContain("--color-moss:#1f4d3a");
    expect(css).not.toContain("--color-unused");
    // Through another variable: html reads --default-font-family, which reads --font-sans.
    expect(css).toContain("--font-sans:system-ui");
    expect(css).toContain("@property --tw-shadow");
    expect(css).not.toContain("@property --tw-translate-y");
    expect(css).toContain("*,:before{--tw-shadow:0 0 #0000}");
    expect(css).toContain("@keyframes card-enter");
    expect(css).not.toContain("@keyframes spin");
    expect(pick(new Set(["px-4"]))).not.toContain("--color-moss");
  });

  it("gives the same text for the same classes, in any order", () => {
    expect(pick(new Set(["sm:flex", "px-4"]))).toBe(pick(new Set(["px-4", "sm:flex"])));
  });
});

describe("parseStylesheet", () => {
  it("keeps strings, escapes and nested blocks intact", () => {
    const nodes = parseStylesheet('/* note */.a\\{b{content:"}{"}@media print{@page{margin:1cm}.c{color:red}}');
    expect(nodes).toEqual([
      { kind: "rule", prelude: ".a\\{b", body: 'content:"}{"', needs: [["a{b"]] },
      {
        kind: "group",
        prelude: "@media print",
        children: [
          { kind: "rule", prelude: "@page", body: "margin:1cm", needs: null },
          { kind: "rule", prelude: ".c", body: "color:red", needs: [["c"]] },
        ],
      },
    ]);
  });
});

describe("tokensIn", () => {
  it("gives the classes and the element names of the markup", () => {
    expect(tokensIn('<a class="px-4" href="/"><SVG class="size-4"></SVG></a>')).toEqual(
      new Set(["px-4", "size-4", "<a", "<svg"]),
    );
  });
});

describe("classesIn", () => {
  it("reads class attributes as React writes them", () => {
    const html = '<a class="px-4  sm:flex">x</a><summary class="[&amp;::-webkit-details-marker]:hidden"></summary>';
    expect(classesIn(html)).toEqual(new Set(["px-4", "sm:flex", "[&::-webkit-details-marker]:hidden"]));
  });
});

describe("withoutMarked", () => {
  it("leaves out each marked element with everything inside it, nested ones included", () => {
    const html =
      '<header><div class="a"></div><div data-x="" class="b"><div class="c"><div></div></div></div><p class="d"></p>' +
      '<nav data-x=""><a class="e"></a></nav></header>';
    expect(withoutMarked(html, ' data-x=""')).toBe('<header><div class="a"></div><p class="d"></p></header>');
    expect(withoutMarked("<p>nothing</p>", ' data-x=""')).toBe("<p>nothing</p>");
  });
});
