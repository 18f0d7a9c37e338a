import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions, maskUrl } from "./logger.server";

/** A logger like the process's, writing its lines into an array. */
function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ ...loggerOptions, level: "info" }, sink), lines };
}

describe("the request log", () => {
  it("masks an order page's token in a logged request line", () => {
    const { log, lines } = capture();
    log.child({ requestId: "r1" }).info({ method: "GET", url: "/pedido/RZ-000001?token=abc", status: 200 }, "request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("abc");
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ url: "/pedido/RZ-000001?token=[oculto]", requestId: "r1" });
  });

  it("masks every secret parameter and keeps the others", () => {
    expect(maskUrl("/cuenta/ingresar?enlace=XyZ-123&pagina=2&T=1&recuperar=k&email=ana%40x.com&Token=a#frag")).toBe(
      "/cuenta/ingresar?enlace=[oculto]&pagina=2&T=[oculto]&recuperar=[oculto]&email=[oculto]&Token=[oculto]#frag",
    );
    expect(maskUrl("/tienda?search=borges&orden=titulo")).toBe("/tienda?search=borges&orden=titulo");
    expect(maskUrl("/a?%74oken=secreto&%zz=1")).toBe("/a?%74oken=[oculto]&%zz=1");
    expect(maskUrl("/sin-consulta")).toBe("/sin-consulta");
  });

  it("hides cookies and authorization headers", () => {
    const { log, lines } = capture();
    log.info({ headers: { cookie: "rizoma_sesion=abc", authorization: "Bearer xyz", accept: "text/html" } }, "x");
    expect(lines[0]).not.toMatch(/abc|xyz/);
    expect(lines[0]).toContain("text/html");
  });
});
