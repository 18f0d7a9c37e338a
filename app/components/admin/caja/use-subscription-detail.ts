import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { sendJson } from "~/lib/send-json";
import type { ChangeStatus } from "./subscription-status";
import type { Subscription } from "./subscription-view";

/**
 * The subscription shown in the detail dialog, and the status change the table and the dialog share: a
 * change updates the open dialog at once (before the page's data comes back), then refetches the page.
 */
export function useSubscriptionDetail() {
  const revalidator = useRevalidator();
  const [shown, setShown] = useState<Subscription | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  const changeStatus: ChangeStatus = async (subscription, status) => {
    const result = await sendJson(`/api/caja/subscriptions/${subscription.id}/status`, "PATCH", { status });
    if (result.ok) {
      toast({ title: "Listo", description: "Estado actualizado correctamente" });
      setShown((current) => (current?.id === subscription.id ? { ...current, status } : current));
      await revalidator.revalidate();
    } else {
      // The spec's message, followed by the server's reason when it gave one.
      const description = result.error ? `Error al actualizar estado: ${result.error}` : "Error al actualizar estado";
      toast({ title: "Error", description, variant: "destructive" });
    }
  };

  return {
    shown,
    dialogRef,
    changeStatus,
    show(subscription: Subscription) {
      setShown(subscription);
      dialogRef.current?.showModal();
    },
    /** The dialog closed (Cerrar, Escape): nothing is shown any more. */
    closed: () => setShown(null),
  };
}
