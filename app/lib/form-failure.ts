/**
 * What a page's action answers when it refuses a form (`app/lib/form-action.server.ts` builds it): the
 * Spanish message, the message of each field at fault (by the form's field names) and the values the
 * visitor typed (as the form reads them back: text, or a checkbox's true/false), so the page shows the message where it always did and the form keeps what was written.
 * Client-safe: pages import it to read the answer.
 */
export interface FormFailure<Values extends object = Record<string, string>> {
  message: string;
  fields: Record<string, string>;
  values: Values;
}

/** The failure's message as an admin notice (the panel shows refusals in a `Notice` titled by the action). */
export function failureNotice(
  failure: Pick<FormFailure, "message"> | null | undefined,
  title: string,
): { tone: "error"; title: string; message: string } | null {
  return failure ? { tone: "error", title, message: failure.message } : null;
}
