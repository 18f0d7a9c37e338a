import { Link } from "react-router";
import { CONFIRM_DELETE, DISCOUNTS_PAGE as PAGE } from "./messages";
import { Modal } from "./modal";
import type { PageCode } from "./page-code";

/** Without JavaScript, "Eliminar" leads here: the spec's question and the real button. */
export function DeleteDialog({ code, onClose }: { code: PageCode; onClose: () => void }) {
  return (
    <Modal titleId="delete-dialog-title" closeTo={PAGE} onClose={onClose}>
      <h2 id="delete-dialog-title" className="pr-8 font-serif text-2xl">
        {CONFIRM_DELETE}
      </h2>
      <p className="mt-3 font-mono text-lg font-bold">{code.code}</p>
      {code.description ? <p className="text-sm">{code.description}</p> : null}
      <p className="mt-3 text-sm text-ink/75">No se puede deshacer.</p>
      <form method="post" action={PAGE} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={code.id} />
        <button
          type="submit"
          className="rounded-full bg-terracotta-dark px-5 py-2 font-semibold text-white hover:opacity-90"
        >
          Sí, eliminar
        </button>
        <Link to={PAGE} className="text-sm font-semibold text-moss underline">
          Cancelar
        </Link>
      </form>
    </Modal>
  );
}
