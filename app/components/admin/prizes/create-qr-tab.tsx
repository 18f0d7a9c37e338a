import { Form, useNavigation } from "react-router";
import { LabelledInput } from "~/components/admin/labelled-input";
import { Notice } from "~/components/ui/notice";
import type { createCode } from "~/domain/prizes/prizes.server";
import { QR_CODE_MAX } from "~/domain/prizes/rules";
import type { FormFailure } from "~/lib/form-failure";
import { CreatedQr } from "./created-qr";

/** The create form's fields as posted (text), kept to refill the form after a refusal. */
export interface QrCodeFormValues {
  bookTitle: string;
  description: string;
  code: string;
  expiresAt: string;
}

/** The page action's answer: the new code, or the refusal with what was typed. */
export type CreateQrResult =
  | { ok: true; created: Awaited<ReturnType<typeof createCode>> }
  | (FormFailure<QrCodeFormValues> & { ok: false });

const optional = <span className="font-normal text-ink/70">(opcional)</span>;

/** A plain form post (works without JavaScript); the new code's QR shows beside it. */
export function CreateQrTab({ result }: { result: CreateQrResult | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failed = result && !result.ok ? result : null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" className="space-y-4 rounded-xl border border-ink/10 bg-white p-5" noValidate>
        <h2 className="font-semibold">Nuevo código</h2>
        {failed ? (
          <Notice notice={{ tone: "error", title: "Error al crear código QR", message: failed.message }} />
        ) : null}
        <LabelledInput
          id="bookTitle"
          label="Título del libro"
          name="bookTitle"
          required
          defaultValue={failed?.values.bookTitle}
        />
        <div>
          <label htmlFor="description" className="block text-sm font-semibold">
            Descripción {optional}
          </label>
          <textarea
            id="description"
            name="description"
            rows={3}
            defaultValue={failed?.values.description}
            className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="code" className="block text-sm font-semibold">
              Código propio {optional}
            </label>
            <input
              id="code"
              name="code"
              maxLength={QR_CODE_MAX}
              defaultValue={failed?.values.code}
              aria-describedby="code-hint"
              onInput={(event) => {
                event.currentTarget.value = event.currentTarget.value.toUpperCase();
              }}
              className="mt-1 w-full rounded-md border border-ink/25 px-3 py-2 font-mono uppercase"
            />
            <p id="code-hint" className="mt-1 text-xs text-ink/70">
              Hasta {QR_CODE_MAX} letras o números. Vacío: lo generamos nosotros.
            </p>
          </div>
          <LabelledInput
            id="expiresAt"
            label={<>Vence el {optional}</>}
            name="expiresAt"
            type="date"
            defaultValue={failed?.values.expiresAt}
          />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-full bg-moss px-5 py-2 font-semibold text-white hover:bg-moss-dark disabled:opacity-70"
        >
          {submitting ? "Creando..." : "Crear código QR"}
        </button>
      </Form>
      {result?.ok ? <CreatedQr created={result.created} /> : null}
    </div>
  );
}
