/**
 * The rules of a compiled stylesheet that one document's markup needs: what a storefront page inlines in
 * its <head> so it paints before the stylesheet file arrives (docs/decisions/0053-bytes.md). The file
 * itself (every storefront rule, content-hashed, immutable) is linked at the end of the body, for the
 * rest of the page and for client-side navigations.
 *
 * Tailwind's output is a list of rules whose selectors name their class (`.px-4`, `.sm\:flex`,
 * `:where(.space-y-2>:not(:last-child))`), inside @layer, @media and @supports blocks. A rule is kept when
 * every class of one of its selectors is in the document (classes inside `:not(…)` excepted: they need
 * not be there); a rule naming no class (the base layer) when the elements it names are (`sub,sup` only
 * with a <sub> or a <sup>; `*`, `html`, `::placeholder` always). The
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
    const classes = [...required.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[\s\S]|[\w-])+)/g)].map((match) =>
      unescapeCss(match[1] as string),
    );
    // A rule of the base layer names elements, not classes (`hr`, `sub`, `table`…): it needs them.
    return classes.length > 0 ? classes : elementsNamed(required).map((name) => `<${name}`);
  });
}

/** Every document has these: a rule naming them needs nothing. */
const ALWAYS_THERE = new Set(["html", "body", "head"]);

/**
 * The element names a selector requires, outside parentheses and brackets (`abbr:where([title])` needs an
 * abbr; `:where(select:is([multiple])) optgroup` an optgroup). Written `<name>`-style in a page's tokens.
 */
function elementsNamed(selector: string): string[] {
  const names: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i] as string;
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && /[a-zA-Z]/.test(c) && (i === 0 || /[\s>+~,]/.test(selector[i - 1] as string))) {
      const name = /^[a-zA-Z][\w-]*/.exec(selector.slice(i))?.[0] ?? "";
      if (!ALWAYS_THERE.has(name.toLowerCase())) names.push(name.toLowerCase());
      i += name.length - 1;
    }
  }
  return names;
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

/**
 * What a page's markup offers the rules: its class names, and each element name as `<name` (for the base
 * layer's element rules).
 */
export function tokensIn(html: string): Set<string> {
  const tokens = classesIn(html);
  for (const [, name = ""] of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tokens.add(`<${name.toLowerCase()}`);
  return tokens;
}

/** `html` without the elements whose start tag holds `attribute` (each to its matching end tag). */
export function withoutMarked(html: string, attribute: string): string {
  let out = "";
  let from = 0;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, from)) {
    const start = html.lastIndexOf("<", at);
    const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(start))?.[1];
    if (!name || start < from) break;
    const open = new RegExp(`<${name}[\\s>]|</${name}>`, "g");
    open.lastIndex = start;
    let depth = 0;
    let end = html.length;
    for (let match = open.exec(html); match; match = open.exec(html)) {
      depth += match[0].startsWith("</") ? -1 : 1;
      if (depth === 0) {
        end = match.index + match[0].length;
        break;
      }
    }
    out += html.slice(from, start);
    from = end;
  }
  return out + html.slice(from);
}

/** The class names in `class="…"` attributes of HTML as React writes it (entities decoded). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  const marker = ' class="';
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, at)) {
    const start = at + marker.length;
    const end = html.indexOf('"', start);
    if (end === -1) break;
    let value = html.slice(start, end);
    at = end;
    if (/[\t\n\r]/.test(value)) value = value.replace(/\s+/g, " ");
    if (value.includes("&"))
      value = value
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">");
    for (const name of value.split(" ")) if (name) classes.add(name);
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

/** What a style rule reads: custom properties (`var(--x)`) and animation names. */
function readsOf(text: string): { variables: string[]; animations: string[] } {
  const variables = [...text.matchAll(VAR_REFERENCE)].map((match) => match[1] as string);
  const animations: string[] = [];
  for (const [, value = ""] of text.matchAll(ANIMATION))
    for (const word of value.split(/[\s,]+/)) if (/^[a-zA-Z][\w-]*$/.test(word)) animations.push(word);
  return { variables, animations };
}

/** One custom property a rule declares (`--x:…`), and the ones its value reads. */
interface Declaration {
  name: string;
  text: string;
  reads: string[];
}

/** A rule whose declarations are all custom properties (`--x:…`): kept declaration by declaration. */
function variableDeclarations(body: string): Declaration[] | null {
  const declarations = splitTopLevel(body, ";").filter((d) => d.trim());
  if (declarations.length === 0 || !declarations.every((d) => d.trim().startsWith("--"))) return null;
  return declarations.map((text) => ({
    name: text.slice(0, text.indexOf(":")).trim(),
    text,
    reads: readsOf(text).variables,
  }));
}

/** The rules a set of classes needs, as CSS text. */
export type CriticalCss = (classes: Set<string>) => string;

/** A style rule with what picking it needs, worked out once. */
interface Rule {
  text: string;
  needs: string[][];
  variables: Declaration[] | null;
  reads: { variables: string[]; animations: string[] };
}
/** Kept when some kept rule reads its custom property or names its animation, or always. */
interface AtRule {
  text: string;
  property: string | null;
  keyframes: string | null;
}
type Item = { group: string; layer: string; items: Item[] } | { rule: Rule } | { at: AtRule } | { statement: string };

/** Parses `css` once; the function it returns picks the rules a set of classes needs. */
export function criticalCssFor(css: string): CriticalCss {
  const prepare = (nodes: Node[], layer: string): Item[] =>
    nodes.flatMap((node): Item[] => {
      if (node.kind === "statement") return [{ statement: `${node.text};` }];
      if (node.kind === "group") {
        // The colour-mix copies of the utilities' colours are left to the file (see COLOR_MIX).
        if (layer === "utilities" && node.prelude === COLOR_MIX) return [];
        const inner = /^@layer\s+([\w-]+)$/.exec(node.prelude)?.[1] ?? layer;
        return [{ group: node.prelude, layer: inner, items: prepare(node.children, inner) }];
      }
      const text = `${node.prelude}{${node.body}}`;
      if (node.needs === null) {
        const property = /^@property\s+(--[\w-]+)/.exec(node.prelude)?.[1] ?? null;
        const keyframes = /^@(?:-webkit-)?keyframes\s+([\w-]+)/.exec(node.prelude)?.[1] ?? null;
        return [{ at: { text, property, keyframes } }];
      }
      return [
        { rule: { text, needs: node.needs, variables: variableDeclarations(node.body), reads: readsOf(node.body) } },
      ];
    });
  const items = prepare(parseStylesheet(css), "");
  const memo = new Map<string, string>();

  return (classes) => {
    const key = [...classes].sort().join(" ");
    const known = memo.get(key);
    if (known !== undefined) return known;

    const matches = (needs: string[][]) => needs.some((all) => all.every((c) => classes.has(c)));
    // First pass: the style rules the classes select, and what they read.
    const used = new Set<string>();
    const animations = new Set<string>();
    const declarations: Declaration[] = [];
    const visit = (list: Item[]) => {
      for (const item of list) {
        if ("group" in item) visit(item.items);
        else if ("rule" in item && matches(item.rule.needs)) {
          if (item.rule.variables) declarations.push(...item.rule.variables);
          else {
            for (const name of item.rule.reads.variables) used.add(name);
            for (const name of item.rule.reads.animations) animations.add(name);
          }
        }
      }
    };
    visit(items);
    // Custom properties defined in terms of others (`--default-font-family: var(--font-sans)`): to a fixpoint.
    for (let grew = true; grew; ) {
      const before = used.size;
      for (const declaration of declarations)
        if (used.has(declaration.name)) for (const name of declaration.reads) used.add(name);
      grew = used.size !== before;
    }

    const print = (list: Item[]): string => {
      let out = "";
      for (const item of list) {
        if ("statement" in item) out += item.statement;
        else if ("group" in item) {
          const inner = print(item.items);
          // An empty @layer block still fixes the layer's place in the cascade.
          if (inner || item.group.startsWith("@layer")) out += `${item.group}{${inner}}`;
        } else if ("at" in item) {
          const { text, property, keyframes } = item.at;
          if (property ? used.has(property) : keyframes ? animations.has(keyframes) : true) out += text;
        } else if (matches(item.rule.needs)) {
          const { variables } = item.rule;
          if (!variables) out += item.rule.text;
          else {
            const kept = variables.filter((declaration) => used.has(declaration.name));
            if (kept.length > 0) {
              const prelude = item.rule.text.slice(0, item.rule.text.indexOf("{"));
              out += `${prelude}{${kept.map((declaration) => declaration.text).join(";")}}`;
            }
          }
        }
      }
      return out;
    };
    const result = print(items);
    if (memo.size >= 200) memo.delete(memo.keys().next().value as string);
    memo.set(key, result);
    return result;
  };
}
