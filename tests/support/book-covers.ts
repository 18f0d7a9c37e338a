import sharp from "sharp";

/** A real small cover image (2:3) in one colour, as the fakes serve it; `side` 1 makes a 1×1 placeholder. */
export async function coverImage(format: "jpeg" | "png", colour: string, width = 60): Promise<Buffer> {
  const height = width === 1 ? 1 : Math.round(width * 1.5);
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === "jpeg" ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

/** Open Library's "no cover" answer without ?default=false: a 1×1 GIF. */
export const PLACEHOLDER_GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");
