/**
 * zod in Spanish: the one place that turns validation issues into what a visitor or an API client reads.
 * Importing this module installs `spanishIssue` as zod's locale, so an issue whose schema gave no message
 * of its own (an unknown field, a wrong type, a missing field) reads in Spanish wherever it surfaces; the
 * spec's own messages, written on the schemas, win over it as zod always lets them. The app's bundles load
 * it with zod itself (app/lib/zod-jitless.ts); tests and scripts through `zodMessage`/`issueMessage`.
 * Framework-free, so the domain may import it.
 */
import { config, type ZodError } from "zod/v4";
import type { $ZodIssue, $ZodRawIssue } from "zod/v4/core";

const kinds: Record<string, string> = {
  string: "un texto",
  number: "un número",
  int: "un número entero",
  bigint: "un número entero",
  boolean: "verdadero o falso",
  array: "una lista",
  object: "un objeto",
  date: "una fecha",
  file: "un archivo",
};

const field = (path: readonly PropertyKey[] | undefined) =>
  path && path.length > 0 ? path.map(String).join(".") : null;

/** zod's locale: the Spanish message of an issue whose schema has no message of its own. */
export function spanishIssue(issue: $ZodRawIssue): string {
  const name = field(issue.path);
  const subject = name ? `El campo ${name}` : "El valor";
  switch (issue.code) {
    case "unrecognized_keys":
      return `Campo no permitido: ${issue.keys.join(", ")}`;
    case "invalid_type":
      if (issue.input === undefined) return name ? `Falta el campo ${name}` : "Faltan los datos";
      if (!name && issue.expected === "object") return "El cuerpo debe ser un objeto JSON";
      return `${subject} debe ser ${kinds[issue.expected] ?? "de otro tipo"}`;
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = Number(small ? issue.minimum : issue.maximum);
      const bound = small ? "al menos" : "como máximo";
      if (issue.origin === "string") return `${subject} debe tener ${bound} ${limit} caracteres`;
      if (issue.origin === "array" || issue.origin === "set")
        return `${subject} debe tener ${bound} ${limit} elementos`;
      if (issue.origin === "file") return `${subject} es demasiado ${small ? "chico" : "grande"}`;
      const exclusive = !issue.inclusive;
      if (small) return `${subject} debe ser ${exclusive ? "mayor que" : "mayor o igual a"} ${limit}`;
      return `${subject} debe ser ${exclusive ? "menor que" : "menor o igual a"} ${limit}`;
    }
    case "invalid_format":
      if (issue.format === "email") return name ? `El campo ${name} no es un email válido` : "El email no es válido";
      if (issue.format === "url") return `${subject} no es una dirección web válida`;
      return `${subject} no tiene un formato válido`;
    case "not_multiple_of":
      return `${subject} debe ser múltiplo de ${String(issue.divisor)}`;
    case "invalid_value":
      return `${subject} debe ser uno de: ${issue.values.map(String).join(", ")}`;
    default:
      return name ? `El campo ${name} no es válido` : "Los datos no son válidos";
  }
}

config({ localeError: spanishIssue });

/** A finished issue's Spanish message (an unknown field always names the field, whatever the schema says). */
export function issueMessage(issue: $ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `Campo no permitido: ${issue.keys.join(", ")}`;
  return issue.message;
}

/** The message a form or an API answers for a failed parse: its first issue's. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Los datos no son válidos";
  if (issue.code === "invalid_type" && issue.path.length === 0) return "El cuerpo debe ser un objeto JSON";
  return issueMessage(issue);
}
