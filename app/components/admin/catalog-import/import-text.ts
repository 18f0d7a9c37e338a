/** The import page's wording with numbers ("1 libro nuevo", "10.000 libros nuevos"). */
export const number = (n: number) => n.toLocaleString("es-AR");

const plural = (n: number, one: string, many: string) => `${number(n)} ${n === 1 ? one : many}`;

export interface ImportOutcome {
  created: number;
  updated: number;
  errors: number;
}

/** "Listo: 997 libros nuevos, 0 actualizados. 3 filas con errores no se importaron." */
export function resultText({ created, updated, errors }: ImportOutcome): string {
  const written = `Listo: ${plural(created, "libro nuevo", "libros nuevos")}, ${plural(updated, "actualizado", "actualizados")}.`;
  if (errors === 0) return written;
  return `${written} ${errors === 1 ? "1 fila con errores no se importó." : `${number(errors)} filas con errores no se importaron.`}`;
}

export const progressText = (done: number, total: number) => `Importando ${number(done)} de ${number(total)}…`;

/** "y 12 más" after a capped list; nothing when all are shown. */
export const moreText = (shown: number, total: number) => (total > shown ? `y ${number(total - shown)} más` : null);
