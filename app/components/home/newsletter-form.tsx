import { useId, useState } from "react";
import { emailProblem } from "~/components/newsletter/newsletter-client";
import { TopicChoices } from "~/components/newsletter/topic-choices";
import { useNewsletterSignup } from "~/components/newsletter/use-newsletter-signup";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { toast } from "~/components/ui/toast";

/**
 * A newsletter sign-up form. Without JavaScript it posts to /newsletter (fields email, name, interests,
 * source), whose action subscribes. With it: the spec's client messages, 'SUSCRIBIENDO...' with the
 * input disabled while sending, toasts for the answer, and a reset on success.
 */
export function NewsletterForm({
  source,
  tone = "light",
  withName = false,
  topics = [],
  submitLabel = "SUSCRIBIRME",
  className = "",
}: {
  source: string;
  /** "dark": on a dark background (carousel slide). */
  tone?: "light" | "dark";
  withName?: boolean;
  topics?: readonly { id: string; label: string }[];
  submitLabel?: string;
  className?: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { sending, onSubmit } = useNewsletterSignup({
    source,
    accept: (email, form) => {
      const invalid = emailProblem(email);
      setProblem(invalid);
      if (!invalid) return true;
      toast({ title: "Error", description: invalid, variant: "destructive" });
      form.querySelector<HTMLInputElement>("input[name=email]")?.focus();
      return false;
    },
  });

  const dark = tone === "dark";
  const field = `min-w-0 w-full rounded-full border px-5 py-3 text-base text-ink placeholder:text-ink/60 disabled:opacity-70 ${
    dark ? "border-white/40 bg-white" : "border-ink/20 bg-white"
  }`;
  const errorId = `${id}-error`;
  return (
    <form method="post" action="/newsletter" noValidate onSubmit={onSubmit} className={className} aria-busy={sending}>
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-3 sm:flex-row">
        {withName ? (
          <div className="sm:w-2/5">
            <label htmlFor={`${id}-name`} className="sr-only">
              Tu nombre (opcional)
            </label>
            <input
              id={`${id}-name`}
              name="name"
              type="text"
              autoComplete="given-name"
              maxLength={100}
              placeholder="Tu nombre (opcional)"
              disabled={sending}
              className={field}
            />
          </div>
        ) : null}
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="sr-only">
            Tu email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            placeholder="tu@email.com"
            disabled={sending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onInput={() => problem && setProblem(null)}
            className={field}
          />
        </div>
        <button
          type="submit"
          disabled={sending}
          className={`shrink-0 rounded-full px-6 py-3 text-sm font-bold tracking-wider transition disabled:cursor-wait ${
            dark ? "bg-ochre-light text-ink hover:bg-white" : "bg-moss text-white hover:bg-moss-dark"
          }`}
        >
          {sending ? "SUSCRIBIENDO..." : submitLabel}
        </button>
      </div>
      {problem ? (
        <p
          id={errorId}
          data-testid="newsletter-error"
          className={`mt-2 text-sm font-semibold ${dark ? "text-ochre-light" : "text-terracotta-dark"}`}
        >
          {problem}
        </p>
      ) : null}
      {topics.length > 0 ? (
        <TopicChoices
          topics={topics}
          legend="¿Qué te interesa? (opcional)"
          disabled={sending}
          className="mt-5"
          legendClassName={`text-sm font-semibold ${dark ? "text-white" : "text-ink"}`}
          listClassName="mt-3 flex flex-wrap gap-2"
          chipClassName="cursor-pointer rounded-full border border-ink/20 bg-white px-3 py-1.5 text-sm has-[:checked]:border-moss has-[:checked]:bg-moss has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ochre"
          inputClassName="sr-only"
        />
      ) : null}
      <PersonalDataNotice className="mt-4" tone={dark ? "dark" : "light"} />
    </form>
  );
}
