import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { bytes, csvOf, isbn13, newBooksCsv } from "../../../tests/support/catalog-files";
import { readImportFile } from "./read-file.server";
import { ONIX_ENTITIES } from "./read-onix.server";
import { NOT_XLSX, XLSX_TOO_BIG } from "./read-xlsx.server";
import { NOT_A_CATALOGUE, TOO_MANY_ROWS } from "./table";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "no error",
    (error: Error) => error.message,
  );

async function xlsxOf(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Hoja 1");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe("CSV", () => {
  it("reads ; and , files, headers in any case and with accents, with line numbers as in a spreadsheet", async () => {
    const semi = await readImportFile(bytes(`\uFEFFISBN;Título;Año;Envío gratis\r\n${isbn13(1)};Facundo;1845;sí\r\n`));
    expect(semi).toMatchObject({
      format: "csv",
      rows: [{ line: 2, values: { isbn: isbn13(1), titulo: "Facundo", anio: "1845", envio_gratis: "sí" } }],
      warnings: [],
    });
    const comma = await readImportFile(
      bytes(csvOf(["isbn", "titulo", "precio", "Color"], [[isbn13(2), "Ficciones", "12.345,50", "rojo"]], ",")),
    );
    expect(comma.rows).toEqual([{ line: 2, values: { isbn: isbn13(2), titulo: "Ficciones", precio: "12.345,50" } }]);
    expect(comma.warnings).toEqual(["La columna «Color» no es del catálogo: la ignoramos"]);
  });

  it("keeps the line numbers of a spreadsheet across blank rows and multi-line cells", async () => {
    const text = `isbn;titulo;descripcion\r\n${isbn13(1)};Uno;"dos\r\nlíneas"\r\n;;\r\n${isbn13(2)};Dos;x\r\n`;
    const { rows } = await readImportFile(bytes(text));
    expect(rows.map((row) => row.line)).toEqual([2, 4]);
    expect(rows[0]?.values.descripcion).toBe("dos\r\nlíneas");
  });

  it("reads Latin-1 (Excel in Spanish) when the bytes are not UTF-8", async () => {
    const latin1 = Buffer.from(`isbn;titulo;autor\r\n${isbn13(1)};Canción de otoño;Núñez\r\n`, "latin1");
    const { rows } = await readImportFile(new Uint8Array(latin1));
    expect(rows[0]?.values).toMatchObject({ titulo: "Canción de otoño", autor: "Núñez" });
  });

  it("reads back what the export escaped against formulas", async () => {
    const { rows } = await readImportFile(bytes(`isbn;titulo\r\n${isbn13(1)};'=HIPERVINCULO("x")\r\n`));
    expect(rows[0]?.values.titulo).toBe('=HIPERVINCULO("x")');
  });

  it("refuses a file with no catalogue header (wrong delimiter), binary garbage and more than 10,000 rows", async () => {
    expect(await refusal(readImportFile(bytes(`isbn|titulo|autor\r\n${isbn13(1)}|A|B\r\n`)))).toMatch(
      /La primera fila no tiene ninguna columna del catálogo/,
    );
    const garbage = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(await refusal(readImportFile(garbage, "catalogo.csv"))).toBe(NOT_A_CATALOGUE);
    expect(await refusal(readImportFile(bytes(newBooksCsv(10_001))))).toBe(TOO_MANY_ROWS);
    expect((await readImportFile(bytes(newBooksCsv(10_000)))).rows).toHaveLength(10_000);
    expect(await refusal(readImportFile(bytes("isbn;titulo\r\n")))).toMatch(/vacío/);
    expect(await refusal(readImportFile(new Uint8Array(20 * 1024 * 1024 + 1)))).toMatch(/más de 20 MB/);
  });
});

describe("XLSX", () => {
  it("reads the first sheet: numbers, rich text, formulas' results and dates", async () => {
    const file = await xlsxOf([
      ["ISBN", "Título", "Precio", "Stock", "Año", "Autor", "precio_promocional"],
      [
        Number(isbn13(1)),
        { richText: [{ text: "Rayuela " }, { font: { bold: true }, text: "(edición)" }] },
        12345.5,
        { formula: "2*3", result: 6 },
        new Date("1963-06-28T00:00:00Z"),
        "Cortázar",
        { formula: "C2*0.9", result: 11110.95 * 1.0000001 },
      ],
    ]);
    const parsed = await readImportFile(file, "catalogo.xlsx");
    expect(parsed).toMatchObject({
      format: "xlsx",
      rows: [
        {
          line: 2,
          values: {
            isbn: isbn13(1),
            titulo: "Rayuela (edición)",
            precio: "12345.5",
            stock: "6",
            anio: "1963-06-28",
            autor: "Cortázar",
            precio_promocional: "11110.95",
          },
        },
      ],
    });
  });

  it("refuses an .xlsx that is not a zip, a zip bomb's directory and a sheet of more than 10,000 rows", async () => {
    expect(await refusal(readImportFile(bytes("isbn;titulo\r\n1;2"), "catalogo.xlsx"))).toMatch(/dañado/);
    expect(await refusal(readImportFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "x.xlsx"))).toBe(NOT_XLSX);
    // A real workbook whose directory says one entry unzips to 3 GB (what a zip bomb declares).
    const bomb = Buffer.from(await xlsxOf([["isbn"], [isbn13(1)]]));
    const directory = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(3_000_000_000, directory + 24);
    expect(await refusal(readImportFile(new Uint8Array(bomb), "x.xlsx"))).toBe(XLSX_TOO_BIG);
    const rows = Array.from({ length: 10_001 }, (_, i) => [isbn13(i + 1), `Libro ${i}`]);
    expect(await refusal(readImportFile(await xlsxOf([["isbn", "titulo"], ...rows])))).toBe(TOO_MANY_ROWS);
  });
});

const referenceOnix = `<?xml version="1.0" encoding="UTF-8"?>
<ONIXMessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/reference">
  <Header><Sender><SenderName>Distribuidora</SenderName></Sender></Header>
  <Product>
    <RecordReference>ar.distri.1</RecordReference>
    <ProductIdentifier><ProductIDType>01</ProductIDType><IDValue>DIS-77</IDValue></ProductIdentifier>
    <ProductIdentifier><ProductIDType>15</ProductIDType><IDValue>${isbn13(5)}</IDValue></ProductIdentifier>
    <DescriptiveDetail>
      <TitleDetail><TitleType>01</TitleType>
        <TitleElement><TitleElementLevel>01</TitleElementLevel><TitleText>El Aleph</TitleText><Subtitle>Cuentos &amp; ficciones</Subtitle></TitleElement>
      </TitleDetail>
      <Contributor><SequenceNumber>2</SequenceNumber><ContributorRole>B06</ContributorRole><PersonName>Traductor</PersonName></Contributor>
      <Contributor><SequenceNumber>1</SequenceNumber><ContributorRole>A01</ContributorRole><NamesBeforeKey>Jorge Luis</NamesBeforeKey><KeyNames>Borges</KeyNames></Contributor>
      <Language><LanguageRole>01</LanguageRole><LanguageCode>spa</LanguageCode></Language>
      <Extent><ExtentType>00</ExtentType><ExtentValue>224</ExtentValue><ExtentUnit>03</ExtentUnit></Extent>
    </DescriptiveDetail>
    <CollateralDetail>
      <TextContent><TextType>02</TextType><ContentAudience>00</ContentAudience><Text>Corta</Text></TextContent>
      <TextContent><TextType>03</TextType><ContentAudience>00</ContentAudience><Text textformat="05"><p>Diecisiete <em>cuentos</em>.</p></Text></TextContent>
    </CollateralDetail>
    <PublishingDetail>
      <Publisher><PublishingRole>01</PublishingRole><PublisherName>Emecé</PublisherName></Publisher>
      <PublishingDate><PublishingDateRole>01</PublishingDateRole><Date>19490615</Date></PublishingDate>
    </PublishingDetail>
    <ProductSupply><SupplyDetail>
      <Price><PriceType>01</PriceType><PriceAmount>19.99</PriceAmount><CurrencyCode>EUR</CurrencyCode></Price>
      <Price><PriceType>02</PriceType><PriceAmount>25900.00</PriceAmount><CurrencyCode>ARS</CurrencyCode></Price>
    </SupplyDetail></ProductSupply>
  </Product>
</ONIXMessage>`;

const shortOnix = `<?xml version="1.0"?>
<ONIXmessage release="3.0" xmlns="http://ns.editeur.org/onix/3.0/short">
  <product>
    <productidentifier><b221>15</b221><b244>${isbn13(6)}</b244></productidentifier>
    <descriptivedetail>
      <titledetail><b202>01</b202><titleelement><x409>01</x409><b203>Ficciones</b203></titleelement></titledetail>
      <contributor><b035>A01</b035><b036>Jorge Luis Borges</b036></contributor>
      <language><b253>01</b253><b252>spa</b252></language>
      <extent><b218>11</b218><b219>180</b219><b220>03</b220></extent>
    </descriptivedetail>
    <collateraldetail><textcontent><x426>02</x426><d104>Breve</d104></textcontent></collateraldetail>
    <publishingdetail>
      <publisher><b291>01</b291><b081>Sur</b081></publisher>
      <publishingdate><x448>01</x448><b306>1944</b306></publishingdate>
    </publishingdetail>
    <productsupply><supplydetail><price><j151>18000</j151><j152>ARS</j152></price></supplydetail></productsupply>
  </product>
  <product><productidentifier><b221>15</b221><b244>${isbn13(7)}</b244></productidentifier></product>
</ONIXmessage>`;

describe("ONIX 3.0", () => {
  it("reads reference tags", async () => {
    const { format, rows } = await readImportFile(bytes(referenceOnix), "feed.xml");
    expect(format).toBe("onix");
    expect(rows).toEqual([
      {
        line: 1,
        values: {
          isbn: isbn13(5),
          sku: "DIS-77",
          titulo: "El Aleph: Cuentos & ficciones",
          autor: "Jorge Luis Borges",
          idioma: "es",
          paginas: "224",
          editorial: "Emecé",
          anio: "1949",
          descripcion: "<p>Diecisiete <em>cuentos</em>.</p>",
          precio: "25900.00",
        },
      },
    ]);
  });

  it("reads short tags; each product's line is its ordinal", async () => {
    const { rows } = await readImportFile(bytes(shortOnix), "feed.onix");
    expect(rows[0]).toEqual({
      line: 1,
      values: {
        isbn: isbn13(6),
        titulo: "Ficciones",
        autor: "Jorge Luis Borges",
        idioma: "es",
        paginas: "180",
        editorial: "Sur",
        anio: "1944",
        descripcion: "Breve",
        precio: "18000",
      },
    });
    expect(rows[1]).toEqual({ line: 2, values: { isbn: isbn13(7) } });
  });

  it("refuses entity declarations (billion laughs) and XML that is not ONIX", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
<ONIXMessage><Product><DescriptiveDetail><TitleDetail><TitleElement><TitleText>&lol2;</TitleText></TitleElement></TitleDetail></DescriptiveDetail></Product></ONIXMessage>`;
    expect(await refusal(readImportFile(bytes(laughs), "feed.xml"))).toBe(ONIX_ENTITIES);
    expect(await refusal(readImportFile(bytes("<?xml version='1.0'?><rss><item/></rss>"), "feed.xml"))).toMatch(
      /no es un ONIX/,
    );
    expect(await refusal(readImportFile(bytes("<?xml version='1.0'?><ONIXMessage><Product>"), "feed.xml"))).toMatch(
      /mal formado|no es un ONIX|vacío/,
    );
  });
});
