import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";

/**
 * A settings table whose rows are added and removed in the page (pickup points, fiscal categories).
 * "Agregar" and "Quitar" are submit buttons (`intent=add`, `intent=remove:N`): without JavaScript the
 * server sends the edited draft back; with it, the rows change here and nothing is sent until "Guardar".
 */
export function useEditableRows<T extends object>(initial: T[]) {
  const [rows, setRows] = useState<(T & { id: number; added?: boolean })[]>(() =>
    initial.map((row, id) => ({ ...row, id })),
  );
  const [nextId, setNextId] = useState(initial.length);
  return {
    rows,
    add(blank: T) {
      setRows((current) => [...current, { ...blank, id: nextId, added: true }]);
      setNextId(nextId + 1);
    },
    remove(id: number) {
      setRows((current) => current.filter((other) => other.id !== id));
    },
  };
}

/** The form's first button, hidden: Enter in a field saves instead of pressing "Agregar" or "Quitar". */
export function SaveOnEnter() {
  return (
    <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
      Guardar
    </button>
  );
}

export function RemoveRowButton({
  index,
  onRemove,
  children,
}: {
  index: number;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={`remove:${index}`}
      onClick={(event) => {
        event.preventDefault();
        onRemove();
      }}
      className="inline-flex items-center gap-1.5 rounded-md border border-terracotta px-3 py-1.5 text-sm font-semibold text-terracotta-dark hover:bg-terracotta hover:text-white"
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Quitar <span className="sr-only">{children}</span>
    </button>
  );
}

export function AddRowButton({ onAdd, children }: { onAdd: () => void; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="intent"
      value="add"
      onClick={(event) => {
        event.preventDefault();
        onAdd();
      }}
      className="inline-flex items-center gap-1.5 rounded-md border border-moss px-3 py-1.5 text-sm font-semibold text-moss hover:bg-moss hover:text-white"
    >
      <Plus aria-hidden="true" className="size-4" />
      {children}
    </button>
  );
}
