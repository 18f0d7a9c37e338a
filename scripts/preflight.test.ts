import { describe, expect, it } from "vitest";
import { hasProgram, preflight } from "./preflight.mjs";

const machine = (present: string[]) => (name: string) => present.includes(name);
const everything = machine(["/usr/bin/chromium", "initdb", "pg_ctl", "pg_dump", "pg_restore"]);

describe("npm test's preflight", () => {
  it("lets the tests run when everything they need is there", () => {
    expect(preflight({ has: everything, postgres: true, root: false, apt: false })).toEqual({ action: "ok" });
    // Without TEST_POSTGRES, PostgreSQL's tools are not needed.
    expect(preflight({ has: machine(["/usr/bin/chromium"]), postgres: false, root: false, apt: false })).toEqual({
      action: "ok",
    });
  });

  it("installs what is missing as root with apt-get, as CI does", () => {
    expect(preflight({ has: machine([]), postgres: false, root: true, apt: true })).toEqual({
      action: "install",
      packages: ["chromium", "fonts-liberation"],
    });
    expect(preflight({ has: machine(["/usr/bin/chromium"]), postgres: true, root: true, apt: true })).toEqual({
      action: "install",
      packages: ["postgresql-15", "postgresql-client-15"],
    });
    const noDump = machine(["/usr/bin/chromium", "initdb", "pg_ctl", "pg_restore"]);
    expect(preflight({ has: noDump, postgres: true, root: true, apt: true })).toEqual({
      action: "install",
      packages: ["postgresql-client-15"],
    });
  });

  it("otherwise stops with one Spanish line naming the command to run", () => {
    const noBrowser = preflight({ has: machine([]), postgres: false, root: false, apt: true });
    expect(noBrowser).toEqual({
      action: "stop",
      message:
        "Falta Chromium (el navegador de las pruebas): instalá lo que falta con `sudo apt-get install chromium fonts-liberation` y volvé a correr `npm test`.",
    });
    const noPostgres = preflight({
      has: machine(["/usr/bin/chromium"]),
      postgres: true,
      root: true,
      apt: false,
      command: "TEST_POSTGRES=1 npm test",
    });
    expect(noPostgres.action).toBe("stop");
    const message = noPostgres.action === "stop" ? noPostgres.message : "";
    expect(message).toContain("`apt-get install postgresql-15 postgresql-client-15`");
    expect(message).toContain("`TEST_POSTGRES=1 npm test`");
    expect(message.split("\n")).toHaveLength(1);
  });

  it("finds programs by path, in PATH and in Debian's PostgreSQL folder", () => {
    expect(hasProgram(process.execPath)).toBe(true);
    expect(hasProgram("node", { PATH: "/nowhere" })).toBe(false);
    expect(hasProgram("sh", { PATH: "/bin:/usr/bin" })).toBe(true);
    expect(hasProgram("/no/such/chromium")).toBe(false);
  });
});
