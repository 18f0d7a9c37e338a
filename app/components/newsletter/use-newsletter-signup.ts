import { type FormEvent, useState } from "react";
import { toast } from "~/components/ui/toast";
import { postSignup, SUBSCRIBE_FAILED, SUBSCRIBE_SUCCESS_DEFAULT, SUBSCRIBE_SUCCESS_TITLE } from "./newsletter-client";

/**
 * The JavaScript path shared by every newsletter form. The form itself posts to /newsletter (fields email,
 * name, interests, source), which works without JavaScript; `onSubmit` replaces that post with the JSON
 * call, sending the trimmed email, the name and the interests only when given, and the form's `source`.
 * Success is always the same toast; each form says how it checks the email and what a refusal looks like.
 */
export function useNewsletterSignup({
  source,
  accept,
  onSubscribed = (_message, form) => form.reset(),
  onRefused = (message) => toast({ title: "Error", description: message ?? SUBSCRIBE_FAILED, variant: "destructive" }),
}: {
  source: string;
  /** Whether the email as typed may be sent; when not, the form has already said why. */
  accept: (email: string, form: HTMLFormElement) => boolean;
  /** After the success toast (default: empty the form). `message` is the server's, if any. */
  onSubscribed?: (message: string | null, form: HTMLFormElement) => void;
  /** A refusal or no answer (default: an 'Error' toast). `message` is the server's, if any. */
  onRefused?: (message: string | null) => void;
}) {
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "");
    if (!accept(email, form)) return;
    const name = String(data.get("name") ?? "").trim();
    const interests = data.getAll("interests").map(String);
    setSending(true);
    const answer = await postSignup({
      email: email.trim(),
      ...(name ? { name } : {}),
      ...(interests.length > 0 ? { interests } : {}),
      source,
    });
    setSending(false);
    if (answer.ok) {
      toast({ title: SUBSCRIBE_SUCCESS_TITLE, description: answer.message ?? SUBSCRIBE_SUCCESS_DEFAULT });
      onSubscribed(answer.message, form);
    } else {
      onRefused(answer.message);
    }
  };

  return { sending, onSubmit };
}
