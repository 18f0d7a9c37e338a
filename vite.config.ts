import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./vite.chunks";
import { precompressAssets } from "./vite.precompress";

const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

// Built with Vite's environment API (React Router's future.v8_viteEnvironmentApi): one build per
// environment, each configured below.
// The SSR bundle's entry is our Express app (server/index.ts), which imports the React Router server
// build itself: one bundle, one process for pages, API and assets.
// The browser bundle is minified with terser (smaller than esbuild's output on React DOM and React
// Router) and grouped as vite.chunks.ts says; `node scripts/first-load-js.mjs` measures the result. Its
// text files get brotli and gzip copies at build time (vite.precompress.ts).
export default defineConfig({
  build: { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: clientChunks(at("./app")) } } } },
    ssr: { build: { target: "node20", minify: false, rollupOptions: { input: "./server/index.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: {
    alias: [
      // zod without eval-compiled parsers, for the Content-Security-Policy (see the file).
      { find: /^zod$/, replacement: at("./app/lib/zod-jitless.ts") },
      { find: "~", replacement: at("./app") },
      { find: "~db", replacement: at("./db") },
    ],
  },
});
