// Starts the shop. Production: the bundled server (build/server/index.js). Development (--dev): the
// TypeScript sources through Vite, with hot reload of the pages.
const dev = process.argv.includes("--dev");

if (dev) {
  process.env.NODE_ENV ??= "development";
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await devServer.ssrLoadModule("./server/index.ts");
  await start({
    dev: {
      middleware: devServer.middlewares,
      loadBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    },
  });
} else {
  process.env.NODE_ENV ??= "production";
  const { start } = await import("./build/server/index.js");
  await start();
}
