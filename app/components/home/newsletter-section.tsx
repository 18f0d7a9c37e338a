import { NewsletterForm } from "./newsletter-form";
import { SectionHeading } from "./section-heading";

/** The home's newsletter block (#newsletter): email and an optional name. */
export function NewsletterSection() {
  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="scroll-mt-20 bg-terracotta-dark text-white">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <SectionHeading
          id="newsletter-title"
          kicker="NEWSLETTER"
          title="Cartas desde la librería"
          tone="dark"
          align="center"
          lead="Reseñas, recomendaciones, presentaciones y preventas. Escribimos poco y con ganas: nada de spam."
        />
        <NewsletterForm source="home" tone="dark" withName className="mx-auto mt-8 max-w-2xl text-left" />
        <p className="mt-4 text-sm text-white/80">
          Al suscribirte aceptás nuestra{" "}
          <a href="/privacidad" className="underline underline-offset-2 hover:text-white">
            política de privacidad
          </a>
          .
        </p>
      </div>
    </section>
  );
}
