import { z } from "zod";

/** A positive integer carried as text in a URL ("?page=2"), with a Spanish message naming the field. */
export function positiveIntParam(name: string, options: { max?: number } = {}) {
  const max = options.max ?? 1_000_000;
  return z
    .string()
    .regex(/^\d{1,9}$/, `El parámetro ${name} debe ser un número entero positivo`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `El parámetro ${name} debe ser al menos 1`)
        .max(max, `El parámetro ${name} no puede superar ${max}`),
    );
}
