import { type FormEvent, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { NoticeData } from "~/components/ui/notice";
import { toast } from "~/components/ui/toast";
import { sendJson } from "~/lib/send-json";
import { DiscountForm } from "./discount-form";
import { BLANK_DISCOUNT, type DiscountFormValues, discountBody, discountFormValues } from "./discount-form-values";
import { done, FAILED, failureMessage, DISCOUNTS_PAGE as PAGE } from "./messages";
import { Modal } from "./modal";
import { formValuesOf, type PageCode } from "./page-code";

/**
 * The create/edit dialog (`?nuevo`, `?editar=`). Without JavaScript the form posts to the page's action;
 * with it, to the JSON API, and a refusal stays in the dialog with what was typed.
 */
export function EditDialog({
  editing,
  values,
  problem,
  onClose,
}: {
  editing: PageCode | null;
  values: DiscountFormValues | null;
  problem: NoticeData | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<NoticeData | null>(problem);
  const submitting = useNavigation().state === "submitting";
  const busy = sending || submitting;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = discountBody(discountFormValues(new FormData(event.currentTarget)), !editing);
    setSending(true);
    const result = editing
      ? await sendJson<{ discountCode: { code: string } }>(`/api/discount-codes/${editing.id}`, "PUT", body)
      : await sendJson<{ discountCode: { code: string } }>("/api/discount-codes/create", "POST", body);
    setSending(false);
    if (!result.ok) {
      const message = failureMessage(result);
      setFailed({ tone: "error", title: result.status === 0 ? FAILED.connection : FAILED.save, message });
      toast({
        title: result.status === 0 ? FAILED.connection : FAILED.save,
        description: message,
        variant: "destructive",
      });
      return;
    }
    const what = done[editing ? "actualizado" : "creado"](result.body.discountCode.code);
    toast({ title: what.title, description: what.message });
    navigate(PAGE, { preventScrollReset: true });
  }

  return (
    <Modal titleId="discount-dialog-title" closeTo={PAGE} onClose={onClose}>
      <DiscountForm
        editing={editing}
        initial={values ?? (editing ? formValuesOf(editing) : BLANK_DISCOUNT)}
        action={`${PAGE}${search}`}
        problem={failed}
        busy={busy}
        onSubmit={save}
        onCancel={onClose}
        cancelTo={PAGE}
      />
    </Modal>
  );
}
