import { Link } from "react-router";
import { CheckCircle2 } from "~/components/ui/icons/circle-check";
import { XCircle } from "~/components/ui/icons/circle-x";
import { INVALID_CODE } from "~/domain/prizes/rules";

/** A code that does not exist (or a refused check): the loader's message, else the spec's default. */
export function InvalidCode({ error }: { error: string | null }) {
  return (
    <div className="text-center">
      <XCircle aria-hidden="true" className="mx-auto size-12 text-terracotta-dark" />
      <h1 className="mt-4 font-serif text-3xl text-ink">Código No Válido</h1>
      <p className="mt-2 text-ink/80" role="alert">
        {error || INVALID_CODE}
      </p>
      <Link
        to="/"
        className="mt-6 inline-flex rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss"
      >
        Volver al Inicio
      </Link>
    </div>
  );
}

/** What the winner sees once the claim went through. */
export function PrizeWon({ bookTitle }: { bookTitle: string }) {
  return (
    <div className="text-center" role="status">
      <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-moss" />
      <h1 className="mt-4 font-serif text-3xl text-ink">¡Felicitaciones!</h1>
      <p className="mt-2 text-lg text-ink/85">
        Ganaste <strong>«{bookTitle}»</strong>.
      </p>
      <p className="mt-3 text-ink/80">
        Nuestro equipo se va a comunicar con vos dentro de las 24-48 horas para coordinar la entrega. También te
        mandamos un correo con los detalles.
      </p>
    </div>
  );
}
