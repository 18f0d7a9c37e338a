import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const at = (dir: string) => fileURLToPath(new URL(dir, import.meta.url));

// The SSR bundle's entry is our Express app (server/index.ts), which imports the React Router server
// build itself: one bundle, one process for pages, API and assets.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { target: "node20", rollupOptions: { input: "./server/index.ts" } } : undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": at("./app"), "~db": at("./db") } },
}));
