/**
 * The rules of a compiled stylesheet that one document's markup needs: what a storefront page inlines in
 * its <head> so it paints before the stylesheet file arrives (docs/decisions/0053-bytes.md). The file
 * itself (every storefront rule, content-hashed, immutable) is linked at the end of the body, for the
 * rest of the page and for client-side navigations.
 *
 * Tailwind's output is a list of rules whose selectors name their class (`.px-4`, `.sm\:flex`,
 * `:where(.space-y-2>:not(:last-child))`), inside @layer, @media and @supports blocks. A rule is kept when
 * every class of one of its selectors is in the document (classes inside `:not(…)` excepted: they need
 * not be there); a rule naming no class (the base layer: `html`, `*`, `::placeholder`) always is. The
 * custom properties that only declare values (the theme's `:root` block, the `--tw-*` defaults) keep only
 * the ones the kept rules read, and so do @property and @keyframes. Every @layer block stays, even empty,
 * so the layers keep the order the full stylesheet gives them (the first stylesheet to name a layer fixes
 * its place in the cascade). The kept rules are copied verbatim and in order: applied before the full
 * stylesheet, which repeats them, they change nothing once it arrives (but for the colours with an opacity,
 * see COLOR_MIX).
 */

type Node =
  | { kind: "statement"; text: string }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "rule"; prelude: string; body: string; needs: string[][] | null };

const GROUP_AT_RULES = /^@(media|supports|layer|container)\b/;

/** Parses minified or readable CSS into blocks and rules (comments dropped; strings and escapes respected). */
export function parseStylesheet(css: string): Node[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  let i = 0;
  const skipQuoted = () => {
    const quote = text[i];
    i++;
    while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const block = (): Node[] => {
    const nodes: Node[] = [];
    while (i < text.length) {
      while (i < text.length && /\s/.test(text[i] as string)) i++;
      if (i >= text.length) break;
      if (text[i] === "}") {
        i++;
        return nodes;
      }
      const start = i;
      let depth = 0;
      while (i < text.length) {
        const c = text[i];
        if (c === "\\") i += 2;
        else if (c === '"' || c === "'") skipQuoted();
        else if (depth === 0 && (c === "{" || c === ";" || c === "}")) break;
        else {
          if (c === "(" || c === "[") depth++;
          else if (c === ")" || c === "]") depth--;
          i++;
        }
      }
      const prelude = text.slice(start, i).trim();
      if (text[i] !== "{") {
        if (text[i] === ";") i++;
        if (prelude) nodes.push({ kind: "statement", text: prelude });
        continue;
      }
      i++;
      if (GROUP_AT_RULES.test(prelude)) {
        nodes.push({ kind: "group", prelude, children: block() });
        continue;
      }
      const bodyStart = i;
      let open = 1;
      while (i < text.length && open > 0) {
        const c = text[i];
        if (c === "\\") i += 2;
        else if (c === '"' || c === "'") skipQuoted();
        else {
          if (c === "{") open++;
          else if (c === "}") open--;
          i++;
        }
      }
      const body = text.slice(bodyStart, i - 1);
      nodes.push({ kind: "rule", prelude, body, needs: prelude.startsWith("@") ? null : classesNeeded(prelude) });
    }
    return nodes;
  };
  return block();
}

/** `\:` is `:`, `\31 ` is `1`. */
const unescapeCss = (value: string) =>
  value.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|([\s\S]))/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ""),
  );

/** Splits at top-level commas (not those inside parentheses or brackets). */
function splitTopLevel(value: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === separator && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

/** For each selector of the list, the classes an element tree must carry for it to match. */
function classesNeeded(selectorList: string): string[][] {
  return splitTopLevel(selectorList, ",").map((selector) => {
    const required = removeNot(selector);
    return [...required.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-])+)/g)].map((match) =>
      unescapeCss(match[1] as string),
    );
  });
}

/** The selector without its `:not(…)` arguments (balanced parentheses). */
function removeNot(selector: string): string {
  let out = "";
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(":not(", i)) {
      let depth = 0;
      for (i += 4; i < selector.length; i++) {
        if (selector[i] === "\\") i++;
        else if (selector[i] === "(") depth++;
        else if (selector[i] === ")" && --depth === 0) break;
      }
      i++;
      continue;
    }
    out += selector[i];
    if (selector[i] === "\\") out += selector[i + 1] ?? "";
    i += selector[i] === "\\" ? 2 : 1;
  }
  return out;
}

/** The class names in `class="…"` attributes of HTML as React writes it (entities decoded). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value.includes("&")
      ? value
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
      : value;
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * Tailwind writes each colour with an opacity (`text-ink/75`) twice: a hex colour with alpha (`#1c1f1abf`),
 * then, for browsers that have it, the same colour as `color-mix(in oklab, var(--color-ink) 75%,
 * transparent)`. Both are the same colour (the alpha rounded to 1/255); the inline rules keep only the
 * first, the stylesheet file has both. (Only in the utilities layer: the base layer's placeholder colour
 * differs between the two.)
 */
const COLOR_MIX = "@supports (color:color-mix(in lab,red,red))";

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const ANIMATION = /animation(?:-name)?\s*:([^;}]*)/g;

/** A rule whose declarations are all custom properties (`--x:…`): kept declaration by declaration. */
const declaresOnlyVariables = (body: string) => {
  const declarations = splitTopLevel(body, ";").filter((d) => d.trim());
  return declarations.length > 0 && declarations.every((d) => d.trim().startsWith("--"));
};

/** The rules a set of classes needs, as CSS text. */
export type CriticalCss = (classes: Set<string>) => string;

/** Parses `css` once; the function it returns picks the rules a set of classes needs. */
export function criticalCssFor(css: string): CriticalCss {
  const tree = parseStylesheet(css);
  const memo = new Map<string, string>();

  return (classes) => {
    const key = [...classes].sort().join(" ");
    const known = memo.get(key);
    if (known !== undefined) return known;

    const matches = (needs: string[][] | null) =>
      needs === null || needs.some((all) => all.every((c) => classes.has(c)));
    // First pass: the style rules the classes select, and what they read.
    const used = new Set<string>();
    const animations = new Set<string>();
    const read = (body: string) => {
      for (const [, name] of body.matchAll(VAR_REFERENCE)) used.add(name as string);
      for (const [, value = ""] of body.matchAll(ANIMATION))
        for (const word of value.split(/[\s,]+/)) if (/^[a-zA-Z][\w-]*$/.test(word)) animations.add(word);
    };
    const variableRules: { body: string }[] = [];
    const visit = (nodes: Node[]) => {
      for (const node of nodes) {
        if (node.kind === "group") visit(node.children);
        else if (node.kind === "rule" && node.needs !== null && matches(node.needs)) {
          if (declaresOnlyVariables(node.body)) variableRules.push(node);
          else read(node.body);
        }
      }
    };
    visit(tree);
    // Custom properties defined in terms of others (`--default-font-family: var(--font-sans)`): to a fixpoint.
    for (let grew = true; grew; ) {
      const before = used.size;
      for (const { body } of variableRules)
        for (const declaration of splitTopLevel(body, ";")) {
          const name = declaration.slice(0, declaration.indexOf(":")).trim();
          if (used.has(name)) read(declaration);
        }
      grew = used.size !== before;
    }

    const keepVariables = (body: string) =>
      splitTopLevel(body, ";")
        .filter((declaration) => used.has(declaration.slice(0, declaration.indexOf(":")).trim()))
        .join(";");
    const print = (nodes: Node[], layer = ""): string => {
      let out = "";
      for (const node of nodes) {
        if (node.kind === "statement") out += `${node.text};`;
        else if (node.kind === "group") {
          if (layer === "utilities" && node.prelude === COLOR_MIX) continue;
          const inner = print(node.children, /^@layer\s+([\w-]+)$/.exec(node.prelude)?.[1] ?? layer);
          // An empty @layer block still fixes the layer's place in the cascade.
          if (inner || node.prelude.startsWith("@layer")) out += `${node.prelude}{${inner}}`;
        } else if (node.needs === null) {
          const property = /^@property\s+(--[\w-]+)/.exec(node.prelude);
          const keyframes = /^@(?:-webkit-)?keyframes\s+([\w-]+)/.exec(node.prelude);
          if (property) {
            if (used.has(property[1] as string)) out += `${node.prelude}{${node.body}}`;
          } else if (keyframes) {
            if (animations.has(keyframes[1] as string)) out += `${node.prelude}{${node.body}}`;
          } else out += `${node.prelude}{${node.body}}`;
        } else if (matches(node.needs)) {
          if (declaresOnlyVariables(node.body)) {
            const body = keepVariables(node.body);
            if (body) out += `${node.prelude}{${body}}`;
          } else out += `${node.prelude}{${node.body}}`;
        }
      }
      return out;
    };
    const result = print(tree);
    if (memo.size >= 200) memo.delete(memo.keys().next().value as string);
    memo.set(key, result);
    return result;
  };
}
