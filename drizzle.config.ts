import { defineConfig } from "drizzle-kit";

// Only `generate` is used: migrations are applied by the app at start (server/database), because
// drizzle-kit's own migrate cannot load PGlite's pg_trgm and unaccent extensions.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
