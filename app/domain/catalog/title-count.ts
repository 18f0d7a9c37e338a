/**
 * The home's '+100 títulos' claim, from the real number of published books: rounded down to a round
 * figure with a '+' (98 -> '+90', 1234 -> '+1200'), exact below ten. Never promises more than there is.
 */
export function titleCountLabel(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return "0 títulos";
  if (count < 10) return count === 1 ? "1 título" : `${count} títulos`;
  const step = count < 100 ? 10 : 100;
  const rounded = Math.floor(count / step) * step;
  return `+${rounded.toLocaleString("es-AR")} títulos`;
}
