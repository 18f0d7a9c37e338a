/** The discounts page's address: links, form actions and the redirects after a save all come back here. */
export const DISCOUNTS_PAGE = "/admin/descuentos";

export const CONFIRM_DELETE = "¿Estás seguro de que quieres eliminar este código?";

/** The spec's failure messages, by what was being done. */
export const FAILED = {
  save: "Error al procesar la solicitud",
  toggle: "Error al actualizar el estado",
  delete: "Error al eliminar el código",
  connection: "Error de conexión",
} as const;

/** What happened, said after the redirect (no JavaScript) or in a toast (JavaScript). */
export const done = {
  creado: (code: string) => ({ title: "Código creado", message: `El código ${code} ya está guardado.` }),
  actualizado: (code: string) => ({ title: "Código actualizado", message: `Guardamos los cambios de ${code}.` }),
  activado: (code: string) => ({ title: "Código activado", message: `${code} ya se puede usar en la tienda.` }),
  desactivado: (code: string) => ({ title: "Código desactivado", message: `${code} ya no se puede usar.` }),
  eliminado: (code: string) => ({ title: "Código eliminado", message: `Eliminamos el código ${code}.` }),
};
export type Done = keyof typeof done;
export const isDone = (key: string | null): key is Done => key !== null && Object.hasOwn(done, key);

/** The API's Spanish message, or the spec's connection error when there was no answer. */
export const failureMessage = (result: { status: number; error?: string }) =>
  result.status === 0 ? FAILED.connection : (result.error ?? FAILED.save);
