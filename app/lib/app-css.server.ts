// The compiled stylesheet (Tailwind, minified by the build) as text, for the document's inline <style>
// (app/lib/app-css.ts). Server-only, so the client's bundles never carry it.
import css from "~/app.css?inline";

export const appCss: string = css;
