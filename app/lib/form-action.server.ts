import { data } from "react-router";
import { ZodError } from "zod";
import { DomainError } from "~/domain/errors";
import type { FormFailure } from "./form-failure";
import { errorInit } from "./http.server";
import { issueMessage, zodMessage } from "./zod-spanish";

export type { FormFailure };

/** A failure answer: `FormFailure` plus what a page needs to place it (a section, an intent...). */
export type FormFailureData<Values extends object = Record<string, string>, Extra extends object = object> = ReturnType<
  typeof data<FormFailure<Values> & Extra>
>;

/**
 * The one form-action contract: a thrown `DomainError` or `ZodError` becomes the page's failure answer
 * `{message, fields, values}` (plus `extra`), with the status and headers of the one error→HTTP mapping
 * (`errorInit`: a refused rate limit keeps its Retry-After). Anything else is rethrown, so redirects,
 * thrown `data()` and unexpected errors reach React Router (and the error boundary) as before.
 *
 * Fields: a ZodError gives the first issue of each top-level field; a DomainError names its fields in
 * `details.fields` (field → message) or one field in `details.field` (the message is the error's).
 */
export function formFailure<Values extends object = Record<string, never>, Extra extends object = object>(
  error: unknown,
  values: Values = {} as Values,
  extra?: Extra,
): FormFailureData<Values, Extra> {
  if (error instanceof ZodError) {
    return data({ ...(extra as Extra), message: zodMessage(error), fields: zodFields(error), values }, 400);
  }
  if (error instanceof DomainError) {
    const failure = { ...(extra as Extra), message: error.message, fields: domainFields(error), values };
    return data(failure, errorInit(error));
  }
  throw error;
}

/**
 * Runs a page action's work and answers its refusal by the contract: `return formAction(values, () => …)`.
 * What the work returns (a redirect, a result) passes through unchanged.
 */
export async function formAction<Result, Values extends object, Extra extends object = object>(
  values: Values,
  work: () => Promise<Result>,
  extra?: Extra,
): Promise<Result | FormFailureData<Values, Extra>> {
  try {
    return await work();
  } catch (error) {
    return formFailure(error, values, extra);
  }
}

function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (name === undefined) continue;
    fields[String(name)] ??= issueMessage(issue);
  }
  return fields;
}

function domainFields(error: DomainError): Record<string, string> {
  const { field, fields } = error.details ?? {};
  if (fields && typeof fields === "object" && !Array.isArray(fields)) {
    return Object.fromEntries(Object.entries(fields).filter(([, message]) => typeof message === "string"));
  }
  return typeof field === "string" && field ? { [field]: error.message } : {};
}
