import { coverImage } from "./book-covers";
import {
  type FakeCarrierControls,
  type FakeCarrierRequest,
  type FakeReply,
  startFakeCarrierServer,
} from "./fake-carrier-server";
import { BOTH_ISBN, GOOGLE_ONLY_ISBN } from "./fake-open-library";

/**
 * Google Books on loopback, in the shapes of www.googleapis.com/books/v1
 * (app/integrations/book-data/google-books.server.ts): `GET /volumes?q=isbn:{isbn}` →
 * `{kind, totalItems, items: [{volumeInfo}]}` (no `items` for an unknown ISBN). Thumbnails are served by
 * the same server at `/covers/{name}` (PNG), linked with Google's `zoom=5&edge=curl` query. A volume may
 * link its thumbnail elsewhere (`thumbnail` as a full URL), as an SSRF probe. Requests are recorded.
 */
export interface FakeGoogleVolume {
  title: string;
  subtitle?: string;
  authors?: string[];
  publisher?: string;
  publishedDate?: string;
  description?: string;
  pageCount?: number;
  language?: string;
  /** A cover name served by this fake, or a full URL used as is. */
  thumbnail?: string;
}

export interface FakeGoogleBooks extends FakeCarrierControls {
  volumes: Map<string, FakeGoogleVolume>;
  covers: Map<string, Buffer>;
  requestsTo(prefix: string): FakeCarrierRequest[];
}

export const googleBooksEnv = (fake: Pick<FakeGoogleBooks, "url">) => ({ GOOGLE_BOOKS_API_BASE: fake.url });

export async function startFakeGoogleBooks(): Promise<FakeGoogleBooks> {
  const volumes = new Map<string, FakeGoogleVolume>([
    [
      BOTH_ISBN,
      {
        title: "Sobre héroes y tumbas (edición de bolsillo)",
        authors: ["Ernesto Sábato"],
        publisher: "Sudamericana",
        publishedDate: "2011-03-01",
        description:
          "<p>Una novela de <b>Buenos Aires</b> &amp; sus fantasmas.</p><p>Incluye el «Informe sobre ciegos».</p>",
        pageCount: 540,
        language: "es",
        thumbnail: "sabato.png",
      },
    ],
    [
      GOOGLE_ONLY_ISBN,
      {
        title: "Los siete locos",
        authors: ["Roberto Arlt"],
        publisher: "Losada",
        publishedDate: "2014",
        description: "Erdosain y la Sociedad secreta del Astrólogo.",
        pageCount: 296,
        language: "es",
        thumbnail: "arlt.png",
      },
    ],
  ]);
  const covers = new Map<string, Buffer>([
    ["sabato.png", await coverImage("png", "#2a4b6b")],
    ["arlt.png", await coverImage("png", "#8a2a2a")],
  ]);
  let base = "";

  const handle = (request: FakeCarrierRequest): FakeReply => {
    if (request.path === "/volumes") {
      const isbn = /^isbn:(\d{10,13})$/.exec(request.query.q ?? "")?.[1];
      const volume = isbn ? volumes.get(isbn) : undefined;
      if (!volume) return { status: 200, body: { kind: "books#volumes", totalItems: 0 } };
      const { thumbnail, ...info } = volume;
      const link = thumbnail
        ? /^https?:/.test(thumbnail)
          ? thumbnail
          : `${base}/covers/${thumbnail}?id=x&printsec=frontcover&img=1&zoom=5&edge=curl&source=gbs_api`
        : undefined;
      return {
        status: 200,
        body: {
          kind: "books#volumes",
          totalItems: 1,
          items: [
            {
              kind: "books#volume",
              id: `vol-${isbn}`,
              volumeInfo: {
                ...info,
                industryIdentifiers: [{ type: "ISBN_13", identifier: isbn }],
                ...(link ? { imageLinks: { smallThumbnail: link, thumbnail: link } } : {}),
              },
            },
          ],
        },
      };
    }
    const cover = /^\/covers\/([\w.-]+)$/.exec(request.path)?.[1];
    const bytes = cover ? covers.get(cover) : undefined;
    if (bytes) return { status: 200, headers: { "Content-Type": "image/png" }, body: bytes };
    return { status: 404, body: { error: { code: 404, message: "Not Found" } } };
  };

  const server = await startFakeCarrierServer(handle);
  base = server.url;
  return {
    ...server,
    volumes,
    covers,
    requestsTo: (prefix) => server.requests.filter((request) => request.path.startsWith(prefix)),
  };
}
