import { describe, expect, it } from "vitest";
import { BatchedStream } from "./batched-stream.server";

const chunksOf = (stream: BatchedStream) => {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
};

describe("BatchedStream", () => {
  it("passes on what was written between two flushes as one chunk", async () => {
    const stream = new BatchedStream();
    const chunks = chunksOf(stream);
    stream.write(new TextEncoder().encode("<html>"));
    stream.write(Buffer.from("<body>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual([]);
    stream.flush();
    stream.write(Buffer.from("<p>más</p>"));
    stream.flush();
    stream.flush(); // nothing new: no empty chunk
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<html><body>", "<p>más</p>"]);
  });

  it("passes on the rest when the stream ends, after telling its owner", async () => {
    const events: string[] = [];
    const stream = new BatchedStream(() => events.push("end"));
    const chunks = chunksOf(stream);
    stream.on("end", () => events.push("closed"));
    stream.write(Buffer.from("</body>"));
    stream.end(Buffer.from("</html>"));
    await new Promise((resolve) => stream.once("end", resolve));
    expect(chunks).toEqual(["</body></html>"]);
    expect(events).toEqual(["end", "closed"]);
  });

  it("lets its owner rewrite the first batch only", async () => {
    const stream = new BatchedStream(undefined, (batch) => batch.replace("<style></style>", "<style>p{}</style>"));
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("<head><style></style></head>"));
    stream.flush();
    stream.write(Buffer.from("<style></style>"));
    stream.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<head><style>p{}</style></head>", "<style></style>"]);
  });
});
