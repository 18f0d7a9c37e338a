/**
 * What `import … from "zod"` means in the app's bundles (vite.config.ts points "zod" here): the same zod,
 * told never to compile schemas with `new Function`. The shop's Content-Security-Policy forbids eval, and
 * zod's mere probe for it is reported as a violation by the browser. Tests import zod itself.
 */
import { config } from "zod/v4";
// Issues without a message of their own read in Spanish in the browser and on the server alike.
import "./zod-spanish";

config({ jitless: true });

export * from "zod/v4";
export { z as default } from "zod/v4";
