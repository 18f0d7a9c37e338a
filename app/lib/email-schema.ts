import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from "./email";

export interface EmailMessages {
  /** A text that is not an address, or one longer than the limit. */
  invalid: string;
  /** An empty field (after trimming); `invalid` when not given. */
  required?: string;
  /** No text at all (a missing field or another type); `required`, else `invalid`, when not given. */
  missing?: string;
}

/**
 * The one email field of every form and API body: trimmed, required, at most `max` characters, the
 * spec's rule (app/lib/email.ts), and normalised (lower case) on the way out. Each form keeps its own
 * Spanish messages, as the spec gives them.
 */
export function emailSchema(messages: EmailMessages, max = EMAIL_MAX_LENGTH) {
  const required = messages.required ?? messages.invalid;
  return z
    .string({ error: messages.missing ?? required })
    .trim()
    .min(1, required)
    .max(max, messages.invalid)
    .regex(EMAIL_PATTERN, messages.invalid)
    .transform(normalizeEmail);
}
