import type { ImportPlan } from "./plan.server";

/** How much of each list the dry run sends: the page says "y N más" for the rest. */
export const PREVIEW_SHOWN = { errors: 500, updated: 200, created: 100 };

/** The dry run as the API answers it: counts, and each list capped (its full length in `counts`). */
export function previewJson(plan: ImportPlan) {
  return {
    counts: {
      created: plan.created.length,
      updated: plan.updated.length,
      unchanged: plan.unchanged,
      errors: plan.errors.length,
    },
    created: plan.created.slice(0, PREVIEW_SHOWN.created),
    updated: plan.updated.slice(0, PREVIEW_SHOWN.updated),
    errors: plan.errors.slice(0, PREVIEW_SHOWN.errors),
    warnings: plan.warnings,
  };
}

export type ImportPreview = ReturnType<typeof previewJson>;

/** One NDJSON line of the apply answer: progress between batches, then one result or error. */
export type ImportEvent =
  | { type: "progress"; done: number; total: number }
  | { type: "result"; created: number; updated: number; unchanged: number; errors: number }
  | { type: "error"; error: string };
