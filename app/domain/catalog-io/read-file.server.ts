import { Invalid } from "~/domain/errors";
import { csvText, readCsv } from "./read-csv.server";
import { readOnix } from "./read-onix.server";
import { readXlsx } from "./read-xlsx.server";
import { EMPTY_FILE, MAX_IMPORT_BYTES, type ParsedFile, TOO_LARGE } from "./table";

export type { ImportRow, ParsedFile } from "./table";

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * A catalogue file → its rows, whatever of the three formats it is. The bytes decide (a zip is an XLSX, an
 * XML document is ONIX, text is CSV); the name only breaks ties and words the error, so a renamed file
 * still reads. Whole-file problems throw `Invalid` with a Spanish message.
 */
export async function readImportFile(bytes: Uint8Array, fileName = ""): Promise<ParsedFile> {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new Invalid(TOO_LARGE);
  if (bytes.byteLength === 0) throw new Invalid(EMPTY_FILE);
  const name = fileName.toLowerCase();
  if (isZip(bytes)) return readXlsx(bytes);
  if (name.endsWith(".xlsx") || name.endsWith(".xls")) {
    throw new Invalid(
      name.endsWith(".xls")
        ? "Los .xls (Excel 97-2003) no se pueden leer: guardalo como .xlsx o como CSV"
        : "El archivo .xlsx está dañado o no es un Excel: guardalo de nuevo como .xlsx o como CSV",
    );
  }
  const text = csvText(bytes);
  if (/^\s*<(\?xml|[a-z:]*onixmessage|!doctype)/i.test(text) || name.endsWith(".xml") || name.endsWith(".onix")) {
    return readOnix(text);
  }
  return readCsv(bytes);
}
