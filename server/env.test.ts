import { describe, expect, it } from "vitest";
import { EnvError, loadEnv, pageCacheBudgetMb } from "./env";

describe("configuration", () => {
  it("runs the demo shop with no configuration at all", () => {
    const env = loadEnv({}, "/srv/rizoma");
    expect(env).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/srv/rizoma/data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      demoData: true,
      storeUrl: null,
    });
  });

  it("gives the page cache a budget that fits the machine, unless PAGE_CACHE_MB says otherwise", () => {
    const gb = 1024 ** 3;
    // A 512 MB server keeps 16 MB of pages, a 1 GB one 32 MB; from 2 GB on, the 64 MB it always had.
    expect([0.25, 0.5, 1, 2, 24].map((total) => pageCacheBudgetMb(total * gb))).toEqual([8, 16, 32, 64, 64]);
    expect(loadEnv({}).pageCache.maxBytes).toBe(pageCacheBudgetMb() * 1024 ** 2);
    expect(loadEnv({ PAGE_CACHE_MB: "100" }).pageCache.maxBytes).toBe(100 * 1024 ** 2);
  });

  it("collects garbage after 5 idle seconds unless IDLE_GC_SECONDS says otherwise (0: never)", () => {
    expect(loadEnv({}).idleGcSeconds).toBe(5);
    expect(loadEnv({ IDLE_GC_SECONDS: "30" }).idleGcSeconds).toBe(30);
    expect(loadEnv({ IDLE_GC_SECONDS: "0" }).idleGcSeconds).toBeNull();
    expect(() => loadEnv({ IDLE_GC_SECONDS: "-1" })).toThrow(/IDLE_GC_SECONDS/);
  });

  it("never fills PostgreSQL with demo books unless asked", () => {
    expect(loadEnv({ DATABASE_URL: "postgres://u@db/rizoma" }).demoData).toBe(false);
    expect(loadEnv({ DATABASE_URL: "postgres://u@db/rizoma", DEMO_DATA: "on" }).demoData).toBe(true);
    expect(loadEnv({ DEMO_DATA: "off" }).demoData).toBe(false);
  });

  it("follows shipments every minute, each one every two hours, unless told otherwise", () => {
    expect(loadEnv({}).tracking).toEqual({ intervalMs: 60_000, pollSeconds: 7200, leaseSeconds: 300 });
    expect(
      loadEnv({ TRACKING_INTERVAL_MS: "300", SHIPMENT_POLL_SECONDS: "1", TRACKING_LEASE_SECONDS: "5" }).tracking,
    ).toEqual({ intervalMs: 300, pollSeconds: 1, leaseSeconds: 5 });
    expect(() => loadEnv({ TRACKING_INTERVAL_MS: "cada rato" })).toThrow("TRACKING_INTERVAL_MS debe ser un número");
    expect(() => loadEnv({ SHIPMENT_POLL_SECONDS: "0" })).toThrow("SHIPMENT_POLL_SECONDS debe ser al menos 1");
    expect(() => loadEnv({ TRACKING_LEASE_SECONDS: "0" })).toThrow("TRACKING_LEASE_SECONDS debe ser al menos 1");
  });

  it("asks ARCA again about an unanswered voucher after 30 s (doubling), unless told otherwise", () => {
    expect(loadEnv({}).invoiceRetrySeconds).toBe(30);
    expect(loadEnv({ INVOICE_RETRY_SECONDS: "2" }).invoiceRetrySeconds).toBe(2);
    expect(() => loadEnv({ INVOICE_RETRY_SECONDS: "0" })).toThrow("INVOICE_RETRY_SECONDS debe ser al menos 1");
    expect(() => loadEnv({ INVOICE_RETRY_SECONDS: "7200" })).toThrow("INVOICE_RETRY_SECONDS");
  });

  it.each([
    [{ PORT: "tres mil" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DEMO_DATA: "yes" }, "DEMO_DATA"],
    [{ PUBLIC_URL: "rizoma.com.ar" }, "PUBLIC_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
  ])("stops on a bad value, naming the variable: %o", (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(name);
  });

  it("trusts a proxy by hop count or by address and subnet, never TRUST_PROXY=true", () => {
    expect(loadEnv({}).trustProxy).toBeUndefined();
    expect(loadEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadEnv({ TRUST_PROXY: " 10.0.0.0/8, 192.168.1.7 ,fd00::/8" }).trustProxy).toBe(
      "10.0.0.0/8,192.168.1.7,fd00::/8",
    );
    for (const value of ["true", "TRUE", "yes"]) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(EnvError);
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(`TRUST_PROXY=${value} no está permitido`);
    }
    for (const value of ["cualquiera", "10.0.0.0/33", "10.0.0.1/8/8", "-1"]) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow("TRUST_PROXY debe ser la cantidad de proxies");
    }
  });
});
