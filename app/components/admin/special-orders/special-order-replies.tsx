import { Form } from "react-router";
import { Notice } from "~/components/ui/notice";
import { mediumDateTime } from "~/lib/dates";
import { failureNotice } from "~/lib/form-failure";
import { SpecialOrderSection } from "./special-order-section";
import { button, field, type SpecialOrderFailure, type SpecialOrderReplyView } from "./special-order-view";

/** The emails already sent to the visitor, oldest first, and the form that queues a new one. */
export function SpecialOrderReplies({
  email,
  replies,
  failure,
  busy,
}: {
  email: string;
  replies: SpecialOrderReplyView[];
  failure: SpecialOrderFailure;
  busy: boolean;
}) {
  return (
    <SpecialOrderSection id="respuestas-titulo" title="Respuestas por email" roomy>
      {replies.length === 0 ? (
        <p className="text-sm text-ink/75">Todavía no le escribimos.</p>
      ) : (
        <ol className="space-y-3" aria-label="Historial de respuestas">
          {replies.map((reply) => (
            <li key={reply.id} className="rounded-lg bg-cream/60 p-3 text-sm">
              <p className="text-ink/75">
                <time dateTime={reply.sentAt}>{mediumDateTime(reply.sentAt)}</time> · {reply.adminEmail}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Notice notice={failureNotice(failure, "Error")} />
      {/* A new key after each reply sent: the emptied box is a fresh one. */}
      <Form key={replies.length} method="post" className="space-y-3">
        <input type="hidden" name="intent" value="reply" />
        <label htmlFor="message" className="text-sm font-semibold">
          Respuesta para {email}
        </label>
        <textarea
          id="message"
          name="message"
          rows={6}
          maxLength={5000}
          required
          defaultValue={failure ? failure.values.message : ""}
          className={field}
        />
        <button type="submit" disabled={busy} className={button}>
          Enviar respuesta por email
        </button>
      </Form>
    </SpecialOrderSection>
  );
}
