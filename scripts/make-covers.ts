/**
 * Generates one typographic SVG cover per demo book into public/images/books/, plus the default
 * cover, after validating the demo catalogue. Run with `npx tsx scripts/make-covers.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { demoBooks } from "../db/demo/books";
import type { DemoBook } from "../db/demo/types";
import { validateDemoBooks } from "../db/demo/validate";

interface Palette {
  bg: string;
  ink: string;
  accent: string;
}

const PALETTES: Palette[] = [
  { bg: "#1f3d2b", ink: "#f3ead8", accent: "#c9a54a" }, // deep green
  { bg: "#c8922e", ink: "#231808", accent: "#f6e7c1" }, // ochre
  { bg: "#a9482f", ink: "#fbefe3", accent: "#f2c48d" }, // terracotta
  { bg: "#1d2b4f", ink: "#eef0f5", accent: "#e0b65a" }, // ink blue
  { bg: "#52263f", ink: "#f7e9ef", accent: "#e6a3b8" }, // plum
  { bg: "#f1e8d6", ink: "#2b2620", accent: "#b5533c" }, // cream
  { bg: "#262626", ink: "#f0ece2", accent: "#d9643a" }, // charcoal
  { bg: "#a9b89a", ink: "#1c261a", accent: "#f4efe1" }, // sage
  { bg: "#e8c6b8", ink: "#3a1f1a", accent: "#7a2e2a" }, // blush
  { bg: "#1f5c5a", ink: "#f2efe6", accent: "#f0b44c" }, // teal
];

const W = 600;
const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

/** Small deterministic PRNG (mulberry32) so every cover is reproducible. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

/** Rough Georgia advance widths in em, good enough to wrap and size titles. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if ("iljtfr.,;:'!|· ".includes(ch)) em += 0.3;
    else if (/[MWmwÆŒ]/.test(ch)) em += 0.85;
    else if (/[A-ZÁÉÍÓÚÑÖÔ]/.test(ch)) em += 0.7;
    else em += 0.52;
  }
  return em * size;
}

function wrap(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Largest font size whose wrapped title fits the 480×330 title box. */
function layoutTitle(title: string): { size: number; lines: string[] } {
  for (const size of [78, 68, 60, 54, 48, 42, 38, 34, 30]) {
    const lines = wrap(title, size, 480);
    const fits = lines.every((l) => textWidth(l, size) <= 480);
    if (fits && lines.length * size * 1.16 <= 330) return { size, lines };
  }
  return { size: 28, lines: wrap(title, 28, 480) };
}

function ornament(seed: number, p: Palette): string {
  const rnd = random(seed);
  const stroke = `stroke="${p.accent}" fill="none" stroke-width="3"`;
  switch (seed % 5) {
    case 0: // concentric circles
      return [34, 62, 90, 118].map((r) => `<circle cx="300" cy="190" r="${r}" ${stroke}/>`).join("");
    case 1: {
      // rhizome: nodes spread left to right, each sprouting from one of the last few nodes
      const nodes: [number, number][] = [[90, Math.round(130 + rnd() * 120)]];
      const parts: string[] = [];
      for (let i = 1; i < 11; i++) {
        const [px, py] = nodes[Math.max(0, i - 1 - Math.floor(rnd() * 3))] ?? [90, 190];
        const x = Math.round(90 + i * 42 + (rnd() - 0.5) * 24);
        const y = Math.round(95 + rnd() * 190);
        nodes.push([x, y]);
        parts.push(`<path d="M${px} ${py}Q${x} ${py} ${x} ${y}" ${stroke}/>`);
      }
      const dots = nodes.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${4 + Math.round(rnd() * 8)}"/>`);
      return `${parts.join("")}<g fill="${p.accent}">${dots.join("")}</g>`;
    }
    case 2: {
      // rising sun with rays
      const rays = Array.from({ length: 9 }, (_, i) => {
        const a = (Math.PI * (i + 1)) / 10;
        const c = Math.cos(a);
        const s = Math.sin(a);
        return `M${Math.round(300 - c * 100)} ${Math.round(280 - s * 100)}L${Math.round(300 - c * 170)} ${Math.round(280 - s * 170)}`;
      });
      return `<path d="M210 280A90 90 0 0 1 390 280Z" fill="${p.accent}"/><path d="${rays.join("")}" ${stroke}/>`;
    }
    case 3: {
      // dot grid with varying sizes
      const dots: string[] = [];
      for (let row = 0; row < 4; row++) {
        for (let col = 0; col < 7; col++) {
          dots.push(`<circle cx="${120 + col * 60}" cy="${110 + row * 55}" r="${3 + Math.round(rnd() * 13)}"/>`);
        }
      }
      return `<g fill="${p.accent}">${dots.join("")}</g>`;
    }
    default: // nested arches
      return [60, 90, 120]
        .map((r) => `<path d="M${300 - r} 290V${200}A${r} ${r} 0 0 1 ${300 + r} 200V290" ${stroke}/>`)
        .join("");
  }
}

function coverSvg(book: DemoBook): string {
  const h = hash(book.title);
  const p = PALETTES[h % PALETTES.length] ?? PALETTES[0];
  if (!p) throw new Error("No palettes");
  const { size, lines } = layoutTitle(book.title);
  const lineHeight = Math.round(size * 1.16);
  const top = 340 + Math.round((340 - lines.length * lineHeight) / 2);
  const tspans = lines
    .map(
      (line, i) =>
        `<tspan x="${W / 2}" y="${top + Math.round(size * 0.82) + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const authorSize = book.author.length > 24 ? 21 : 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img">`,
    `<title>${escapeXml(`Tapa de ${book.title}, de ${book.author}`)}</title>`,
    `<rect width="600" height="900" fill="${p.bg}"/>`,
    `<rect x="28" y="28" width="544" height="844" fill="none" stroke="${p.accent}" stroke-opacity=".7" stroke-width="2"/>`,
    ornament(h >>> 7, p),
    `<text font-family="${SERIF}" font-size="${size}" fill="${p.ink}" text-anchor="middle">${tspans}</text>`,
    `<path d="M265 742H335" stroke="${p.accent}" stroke-width="3"/>`,
    `<text x="300" y="798" font-family="${SANS}" font-size="${authorSize}" font-variant="small-caps" letter-spacing="2" fill="${p.ink}" text-anchor="middle">${escapeXml(book.author)}</text>`,
    `<text x="300" y="846" font-family="${SANS}" font-size="13" letter-spacing="3" fill="${p.ink}" fill-opacity=".75" text-anchor="middle">${escapeXml(book.publisher.toUpperCase())}</text>`,
    "</svg>\n",
  ].join("");
}

function defaultCoverSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img">`,
    "<title>Sin portada</title>",
    `<rect width="600" height="900" fill="#e9e5dd"/>`,
    `<rect x="28" y="28" width="544" height="844" fill="none" stroke="#b8b1a5" stroke-width="2"/>`,
    `<path d="M230 300h140v190H230zM250 330h100M250 355h100M250 380h70" fill="none" stroke="#9a9286" stroke-width="4"/>`,
    `<text x="300" y="600" font-family="${SERIF}" font-size="54" fill="#6b645a" text-anchor="middle">Sin portada</text>`,
    `<text x="300" y="846" font-family="${SANS}" font-size="13" letter-spacing="3" fill="#8a8377" text-anchor="middle">RIZOMA</text>`,
    "</svg>\n",
  ].join("");
}

const errors = validateDemoBooks(demoBooks);
if (errors.length > 0) {
  console.error(`Datos de demo inválidos (${errors.length} problemas):\n- ${errors.join("\n- ")}`);
  process.exit(1);
}

const imagesDir = fileURLToPath(new URL("../public/images/", import.meta.url));
const booksDir = `${imagesDir}books/`;
mkdirSync(booksDir, { recursive: true });
let largest = 0;
for (const book of demoBooks) {
  const svg = coverSvg(book);
  const bytes = Buffer.byteLength(svg);
  if (bytes >= 4096) {
    console.error(`La tapa de «${book.title}» pesa ${bytes} bytes (máximo 4 KB).`);
    process.exit(1);
  }
  largest = Math.max(largest, bytes);
  writeFileSync(`${booksDir}${book.cover}`, svg);
}
writeFileSync(`${imagesDir}default-book-cover.svg`, defaultCoverSvg());
console.log(`Generadas ${demoBooks.length} tapas en public/images/books/ (la más pesada: ${largest} bytes).`);
