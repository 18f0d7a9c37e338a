import { EMAIL_INVALID, emailProblem } from "~/components/newsletter/newsletter-client";
import { TopicChoices } from "~/components/newsletter/topic-choices";
import { useNewsletterSignup } from "~/components/newsletter/use-newsletter-signup";
import { PersonalDataNotice } from "~/components/ui/personal-data-notice";
import { toast } from "~/components/ui/toast";
import { SHOP_TOPIC_IDS, topicsFor } from "~/domain/newsletter/topics";
import { belowTheFold } from "~/lib/critical-css";

const topics = topicsFor(SHOP_TOPIC_IDS);
export const SHOP_NEWSLETTER_SOURCE = "shop";

/**
 * The shop's compact newsletter form (spec §2, §5, §8): email, optional name and the 13 topics. Without
 * JavaScript it posts to /newsletter; with it, JSON to /api/newsletter/subscribe and a toast.
 */
/** `belowTheFold`: under a grid of more than one row of books, so past the first screen at any width. */
export function ShopNewsletter({ belowTheFold: below = false }: { belowTheFold?: boolean }) {
  const { sending: submitting, onSubmit } = useNewsletterSignup({
    source: SHOP_NEWSLETTER_SOURCE,
    accept: (email) => {
      if (!emailProblem(email)) return true;
      toast({ title: "Error", description: EMAIL_INVALID, variant: "destructive" });
      return false;
    },
  });
  return (
    <section aria-labelledby="shop-newsletter-title" className="bg-moss text-white" {...(below ? belowTheFold : {})}>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="shop-newsletter-title" className="font-serif text-3xl">
          Newsletter
        </h2>
        <p className="mt-2 max-w-prose text-white/85">
          Novedades, reseñas y preventas, una vez por mes. Elegí los temas que te interesan.
        </p>
        <form method="post" action="/newsletter" noValidate className="mt-6" onSubmit={onSubmit}>
          <input type="hidden" name="source" value={SHOP_NEWSLETTER_SOURCE} />
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <label className="text-sm font-semibold">
              Email
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                disabled={submitting}
                placeholder="tu@email.com"
                className="mt-1 w-full rounded-md border border-white/30 bg-white px-3 py-2 text-ink placeholder:text-ink/60"
              />
            </label>
            <label className="text-sm font-semibold">
              Nombre (opcional)
              <input
                type="text"
                name="name"
                autoComplete="given-name"
                maxLength={100}
                disabled={submitting}
                className="mt-1 w-full rounded-md border border-white/30 bg-white px-3 py-2 text-ink"
              />
            </label>
            <button
              type="submit"
              disabled={submitting}
              className="self-end rounded-full bg-ochre-light px-6 py-2.5 font-bold tracking-wider text-ink hover:bg-white disabled:opacity-80"
            >
              {submitting ? "SUSCRIBIENDO..." : "SUSCRIBIRME"}
            </button>
          </div>
          <TopicChoices
            topics={topics}
            legend="Temas que te interesan"
            className="mt-5"
            legendClassName="text-sm font-semibold"
            listClassName="mt-2 flex flex-wrap gap-2"
            chipClassName="inline-flex cursor-pointer items-center gap-2 rounded-full border border-white/30 px-3 py-1 text-sm has-[:checked]:bg-white has-[:checked]:text-moss"
            inputClassName="accent-ochre"
          />
          <PersonalDataNotice className="mt-4" tone="dark" />
        </form>
      </div>
    </section>
  );
}
