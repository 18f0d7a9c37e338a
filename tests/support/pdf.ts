import { inflateSync } from "node:zlib";
import jsQR from "jsqr";

/**
 * Reads back the PDFs the shop writes (pdfkit: a classic xref table, Flate streams, the standard fonts in
 * WinAnsi, PNG images with or without a predictor), for unit and e2e tests alike:
 * - `pdfText`: the visible text, one line per text object (BT…ET) in drawing order, pages in order;
 * - `pdfQrCodes`: the text of every QR code drawn as an image;
 * - `pdfInfo`: the document's metadata (Title, Author...).
 * A small reader of the PDF syntax (ISO 32000-1 §7), not a renderer: it refuses what it cannot read
 * (composite fonts, other filters) instead of returning wrong text.
 */

class Name {
  constructor(readonly name: string) {}
}
class Ref {
  constructor(readonly num: number) {}
}
class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}
class Operator {
  constructor(readonly op: string) {}
}
type Value = number | boolean | null | Name | Ref | PdfString | Value[] | Dict | Operator;
type Dict = Map<string, Value>;
interface PdfObject {
  value: Value;
  stream: Uint8Array | null;
}

const WHITESPACE = "\0\t\n\f\r ";
const DELIMITERS = "()<>[]{}/%";

/** Tokens and objects of the PDF syntax over a latin1 string (one char per byte, so indexes are offsets). */
class Lexer {
  constructor(
    readonly text: string,
    public at = 0,
  ) {}

  skipBlanks() {
    while (this.at < this.text.length) {
      const char = this.text[this.at] as string;
      if (WHITESPACE.includes(char)) this.at++;
      else if (char === "%")
        while (this.at < this.text.length && !"\r\n".includes(this.text[this.at] as string)) this.at++;
      else break;
    }
  }

  private word(): string {
    const start = this.at;
    while (this.at < this.text.length) {
      const char = this.text[this.at] as string;
      if (WHITESPACE.includes(char) || DELIMITERS.includes(char)) break;
      this.at++;
    }
    return this.text.slice(start, this.at);
  }

  /** The next value; bare words are operators (content streams) or keywords. Null at the end. */
  value(): Value | undefined {
    this.skipBlanks();
    if (this.at >= this.text.length) return undefined;
    const { text } = this;
    const char = text[this.at];
    if (text.startsWith("<<", this.at)) {
      this.at += 2;
      const dict: Dict = new Map();
      for (;;) {
        this.skipBlanks();
        if (text.startsWith(">>", this.at)) {
          this.at += 2;
          return dict;
        }
        const key = this.value();
        if (!(key instanceof Name)) throw new Error(`PDF: dictionary key expected at ${this.at}`);
        dict.set(key.name, this.value() ?? null);
      }
    }
    if (char === "<") {
      const end = text.indexOf(">", this.at);
      const hex = text.slice(this.at + 1, end).replace(/\s/g, "");
      this.at = end + 1;
      return new PdfString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex"));
    }
    if (char === "[") {
      this.at++;
      const items: Value[] = [];
      for (;;) {
        this.skipBlanks();
        if (text[this.at] === "]") {
          this.at++;
          return items;
        }
        const item = this.value();
        if (item === undefined) throw new Error("PDF: unterminated array");
        items.push(item);
      }
    }
    if (char === "(") return this.literal();
    if (char === "/") {
      this.at++;
      return new Name(
        this.word().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      );
    }
    const word = this.word() || (text[this.at++] as string);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const ref = /^\s+(\d+)\s+R(?![^\s/<>[\]()])/.exec(text.slice(this.at, this.at + 24));
      if (/^\d+$/.test(word) && ref) {
        this.at += ref[0].length;
        return new Ref(Number(word));
      }
      return Number(word);
    }
    if (word === "true" || word === "false") return word === "true";
    if (word === "null") return null;
    return new Operator(word);
  }

  private literal(): PdfString {
    const bytes: number[] = [];
    let depth = 0;
    this.at++;
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
    for (;;) {
      const char = this.text[this.at++];
      if (char === undefined) throw new Error("PDF: unterminated string");
      if (char === ")" && depth === 0) return new PdfString(Uint8Array.from(bytes));
      if (char === "(") depth++;
      if (char === ")") depth--;
      if (char !== "\\") {
        bytes.push(char.charCodeAt(0));
        continue;
      }
      const next = this.text[this.at++] as string;
      if (next in escapes) bytes.push(escapes[next] as number);
      else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(this.text.slice(this.at - 1, this.at + 2))?.[0] ?? next;
        this.at += octal.length - 1;
        bytes.push(Number.parseInt(octal, 8) & 0xff);
      } else if (next === "\r" || next === "\n") {
        if (next === "\r" && this.text[this.at] === "\n") this.at++;
      } else bytes.push(next.charCodeAt(0));
    }
  }
}

/** A parsed file: objects by number through the xref table, streams decoded on demand. */
class PdfFile {
  private readonly text: string;
  private readonly offsets = new Map<number, number>();
  readonly trailer: Dict;

  constructor(private readonly bytes: Buffer) {
    this.text = bytes.toString("latin1");
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(this.text);
    if (!startxref) throw new Error("PDF: no startxref (not a PDF, or an incremental update this reader skips)");
    const lexer = new Lexer(this.text, Number(startxref[1]));
    if (!(lexer.value() instanceof Operator)) throw new Error("PDF: only classic xref tables are read");
    for (;;) {
      const first = lexer.value();
      if (first instanceof Operator && first.op === "trailer") break;
      const count = lexer.value() as number;
      lexer.skipBlanks();
      for (let i = 0; i < count; i++) {
        const entry = this.text.slice(lexer.at, lexer.at + 20);
        if (entry[17] === "n") this.offsets.set((first as number) + i, Number(entry.slice(0, 10)));
        lexer.at += 20;
      }
    }
    this.trailer = lexer.value() as Dict;
  }

  numbers(): number[] {
    return [...this.offsets.keys()];
  }

  object(num: number): PdfObject {
    const offset = this.offsets.get(num);
    if (offset === undefined) throw new Error(`PDF: no object ${num}`);
    const lexer = new Lexer(this.text, offset);
    lexer.value();
    lexer.value();
    lexer.value(); // "n g obj"
    const value = lexer.value() ?? null;
    lexer.skipBlanks();
    if (!(value instanceof Map) || !this.text.startsWith("stream", lexer.at)) return { value, stream: null };
    let start = lexer.at + "stream".length;
    if (this.text[start] === "\r") start++;
    if (this.text[start] === "\n") start++;
    const length = this.resolve(value.get("Length") ?? null) as number;
    return { value, stream: new Uint8Array(this.bytes.subarray(start, start + length)) };
  }

  resolve(value: Value): Value {
    return value instanceof Ref ? this.object(value.num).value : value;
  }

  dict(value: Value): Dict {
    const resolved = this.resolve(value);
    if (!(resolved instanceof Map)) throw new Error("PDF: dictionary expected");
    return resolved;
  }

  /** A stream's bytes after its filters (FlateDecode only, the one pdfkit writes). */
  decoded(object: PdfObject): Uint8Array {
    const dict = object.value as Dict;
    const filters = [this.resolve(dict.get("Filter") ?? null)].flat().filter((f) => f !== null);
    let data = object.stream ?? new Uint8Array();
    for (const filter of filters) {
      if (!(filter instanceof Name) || filter.name !== "FlateDecode")
        throw new Error(`PDF: filter ${String(filter)} not read`);
      data = new Uint8Array(inflateSync(data));
    }
    return data;
  }

  /** Page dictionaries in reading order (the page tree, depth first). */
  pages(): Dict[] {
    const walk = (node: Dict): Dict[] => {
      const type = node.get("Type");
      if (type instanceof Name && type.name === "Page") return [node];
      return ((this.resolve(node.get("Kids") ?? []) as Value[]) ?? []).flatMap((kid) => walk(this.dict(kid)));
    };
    const catalog = this.dict(this.trailer.get("Root") ?? null);
    return walk(this.dict(catalog.get("Pages") ?? null));
  }

  streamOf(ref: Value): Uint8Array {
    if (!(ref instanceof Ref)) throw new Error("PDF: stream reference expected");
    return this.decoded(this.object(ref.num));
  }
}

/** WinAnsiEncoding's 0x80–0x9F (cp1252); the rest of the byte range is Latin-1. */
const CP1252: Record<number, string> = {
  128: "€",
  130: "‚",
  131: "ƒ",
  132: "„",
  133: "…",
  134: "†",
  135: "‡",
  136: "ˆ",
  137: "‰",
  138: "Š",
  139: "‹",
  140: "Œ",
  142: "Ž",
  145: "‘",
  146: "’",
  147: "“",
  148: "”",
  149: "•",
  150: "–",
  151: "—",
  152: "˜",
  153: "™",
  154: "š",
  155: "›",
  156: "œ",
  158: "ž",
  159: "Ÿ",
};
const winAnsi = (bytes: Uint8Array) => Array.from(bytes, (b) => CP1252[b] ?? String.fromCharCode(b)).join("");

/** Refuses fonts whose codes are not single WinAnsi bytes (a Type0/Identity-H font would decode as garbage). */
function checkFonts(file: PdfFile, page: Dict) {
  const resources = file.dict(page.get("Resources") ?? null);
  const fonts = resources.has("Font") ? file.dict(resources.get("Font") ?? null) : new Map();
  for (const [name, ref] of fonts) {
    const font = file.dict(ref);
    const subtype = font.get("Subtype");
    if (subtype instanceof Name && subtype.name === "Type0") throw new Error(`pdfText: font ${name} is composite`);
    const encoding = file.resolve(font.get("Encoding") ?? null);
    if (!(encoding instanceof Name && encoding.name === "WinAnsiEncoding")) {
      throw new Error(`pdfText: font ${name} is not WinAnsi-encoded`);
    }
  }
}

/** The text a content stream shows: one line per BT…ET object, in drawing order. */
function contentText(content: Uint8Array): string[] {
  const lexer = new Lexer(Buffer.from(content).toString("latin1"));
  const lines: string[] = [];
  let operands: Value[] = [];
  let current: string | null = null;
  for (let token = lexer.value(); token !== undefined; token = lexer.value()) {
    if (!(token instanceof Operator)) {
      operands.push(token);
      continue;
    }
    const last = operands[operands.length - 1];
    switch (token.op) {
      case "BT":
        current = "";
        break;
      case "ET":
        // A wrapped line ends in the space it was broken at; it is not visible.
        if (current?.trimEnd()) lines.push(current.trimEnd());
        current = null;
        break;
      case "Tj":
      case "'":
      case '"':
        if (last instanceof PdfString) current = (current ?? "") + winAnsi(last.bytes);
        break;
      case "TJ":
        for (const part of Array.isArray(last) ? last : []) {
          // A gap of a quarter em or more between two runs is a space the font did not draw.
          if (part instanceof PdfString) current = (current ?? "") + winAnsi(part.bytes);
          else if (typeof part === "number" && part <= -250) current = `${current ?? ""} `;
        }
        break;
    }
    operands = [];
  }
  return lines;
}

/** The visible text of a PDF: its text objects one per line, pages in order. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const file = new PdfFile(Buffer.from(pdf));
  const lines: string[] = [];
  for (const page of file.pages()) {
    checkFonts(file, page);
    const contents = page.get("Contents");
    const refs = Array.isArray(contents) ? contents : [contents ?? null];
    const bytes = Buffer.concat(refs.map((ref) => Buffer.concat([file.streamOf(ref), Buffer.from("\n")])));
    lines.push(...contentText(bytes));
  }
  return lines.join("\n");
}

/** Undoes the PNG predictors (/Predictor >= 10): each row starts with its filter type (RFC 2083 §6). */
function unpredict(data: Uint8Array, columns: number, colors: number, bits: number): Uint8Array {
  const pixelBytes = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const filter = data[r * (rowBytes + 1)];
    const row = data.subarray(r * (rowBytes + 1) + 1, (r + 1) * (rowBytes + 1));
    const at = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= pixelBytes ? (out[at + i - pixelBytes] as number) : 0;
      const up = r > 0 ? (out[at - rowBytes + i] as number) : 0;
      const upLeft = r > 0 && i >= pixelBytes ? (out[at - rowBytes + i - pixelBytes] as number) : 0;
      const raw = row[i] as number;
      let value: number;
      if (filter === 0) value = raw;
      else if (filter === 1) value = raw + left;
      else if (filter === 2) value = raw + up;
      else if (filter === 3) value = raw + ((left + up) >> 1);
      else if (filter === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new Error(`PNG predictor: unknown row filter ${filter}`);
      out[at + i] = value & 0xff;
    }
  }
  return out;
}

/** An image XObject as RGBA pixels (DeviceGray, DeviceRGB, Indexed on DeviceRGB; 1 to 16 bits). */
function rgba(file: PdfFile, image: PdfObject): { data: Uint8ClampedArray; width: number; height: number } | null {
  const dict = image.value as Dict;
  const width = file.resolve(dict.get("Width") ?? null) as number;
  const height = file.resolve(dict.get("Height") ?? null) as number;
  const bits = file.resolve(dict.get("BitsPerComponent") ?? 8) as number;
  const space = file.resolve(dict.get("ColorSpace") ?? null);
  let components: number;
  let palette: Uint8Array | null = null;
  if (space instanceof Name && space.name === "DeviceGray") components = 1;
  else if (space instanceof Name && space.name === "DeviceRGB") components = 3;
  else if (Array.isArray(space) && space[0] instanceof Name && space[0].name === "Indexed") {
    components = 1;
    const lookup = file.resolve(space[3] ?? null);
    palette = lookup instanceof PdfString ? lookup.bytes : file.streamOf(space[3] ?? null);
  } else return null; // CMYK, ICC, masks: not what a QR is drawn with here
  let data = file.decoded(image);
  const parms = file.resolve(dict.get("DecodeParms") ?? null);
  if (parms instanceof Map && (file.resolve(parms.get("Predictor") ?? 1) as number) >= 10) {
    data = unpredict(data, width, components, bits);
  }
  const rowBytes = Math.ceil((components * bits * width) / 8);
  const max = 2 ** bits - 1;
  const sample = (row: number, index: number) => {
    if (bits === 16) return data[row * rowBytes + index * 2] as number;
    const bit = index * bits;
    const byte = data[row * rowBytes + (bit >> 3)] as number;
    const value = (byte >> (8 - bits - (bit & 7))) & max;
    return palette ? value : Math.round((value * 255) / max);
  };
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (palette) {
        const entry = sample(y, x) * 3;
        out.set([palette[entry] ?? 0, palette[entry + 1] ?? 0, palette[entry + 2] ?? 0], o);
      } else if (components === 1) {
        const gray = sample(y, x);
        out.set([gray, gray, gray], o);
      } else {
        out.set([sample(y, x * 3), sample(y, x * 3 + 1), sample(y, x * 3 + 2)], o);
      }
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The text of every QR code among the PDF's images (soft masks skipped), in object order. */
export async function pdfQrCodes(pdf: Uint8Array): Promise<string[]> {
  const file = new PdfFile(Buffer.from(pdf));
  const images: PdfObject[] = [];
  const masks = new Set<number>();
  for (const num of file.numbers()) {
    const object = file.object(num);
    if (!(object.value instanceof Map) || object.stream === null) continue;
    const subtype = object.value.get("Subtype");
    if (!(subtype instanceof Name && subtype.name === "Image")) continue;
    const mask = object.value.get("SMask");
    if (mask instanceof Ref) masks.add(mask.num);
    images.push({ ...object, value: new Map([...object.value, ["#num", num]]) });
  }
  const codes: string[] = [];
  for (const image of images) {
    if (masks.has((image.value as Dict).get("#num") as number)) continue;
    const pixels = rgba(file, image);
    const code = pixels && jsQR(pixels.data, pixels.width, pixels.height);
    if (code) codes.push(code.data);
  }
  return codes;
}

/** A text string outside content streams: UTF-16BE after its byte order mark, else PDFDocEncoding (~Latin-1). */
function textString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString("utf16le");
  return Buffer.from(bytes).toString("latin1");
}

/** The document information dictionary's text entries (Title, Author, Subject, Creator, Producer...). */
export async function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  const file = new PdfFile(Buffer.from(pdf));
  const info = file.trailer.get("Info");
  const entries: Record<string, string> = {};
  for (const [key, value] of info ? file.dict(info) : new Map<string, Value>()) {
    const resolved = file.resolve(value);
    if (resolved instanceof PdfString) entries[key] = textString(resolved.bytes);
  }
  return entries;
}
