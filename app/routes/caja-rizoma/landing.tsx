import { useRef, useState } from "react";
import { Link } from "react-router";
import { submitSubscription } from "~/components/box/subscribe-client";
import { SubscribeFields } from "~/components/box/subscribe-form";
import { BookOpen } from "~/components/ui/icons/book-open";
import { Gift } from "~/components/ui/icons/gift";
import { Heart } from "~/components/ui/icons/heart";
import { Mail } from "~/components/ui/icons/mail";
import { MapPin } from "~/components/ui/icons/map-pin";
import { Package } from "~/components/ui/icons/package";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { Truck } from "~/components/ui/icons/truck";
import { boxPageData } from "~/domain/box/page-data.server";
import { type BoxPlanView, discountPercent, periodText, planDescription } from "~/domain/box/plans";
import { formatMoney } from "~/lib/money";
import { publicOrigin, seoMeta } from "~/lib/seo";
import type { Route } from "./+types/landing";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: "Caja Rizoma",
    url: `${publicOrigin(matches)}/caja-rizoma`,
    description:
      "Dos libros sorpresa por mes elegidos por una curadora o un curador distinto, con señaladores, stickers y una carta. Envío gratis en CABA y GBA.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  return boxPageData(context.db);
}

const section = "mx-auto max-w-5xl px-4 py-12 sm:py-16";
const h2 = "font-serif text-2xl text-ink sm:text-4xl";

export default function CajaRizoma({ loaderData }: Route.ComponentProps) {
  const { plans, pickupPoints, rates } = loaderData;
  const monthly = plans.find((plan) => plan.id === "monthly") ?? plans[0];
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [selected, setSelected] = useState<BoxPlanView | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function open(plan: BoxPlanView, event: React.MouseEvent) {
    event.preventDefault();
    setSelected(plan);
    setError(null);
    dialogRef.current?.showModal();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSending(true);
    const message = await submitSubscription(form);
    setError(message);
    if (message) setSending(false);
  }

  return (
    <main id="contenido" className="flex-1 bg-paper">
      <section aria-labelledby="titulo-caja" className="bg-moss text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-widest text-ochre-light">Suscripción mensual</p>
          <h1 id="titulo-caja" className="mt-2 font-serif text-4xl sm:text-6xl">
            Caja Rizoma
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/90">
            Dos libros sorpresa cada mes, elegidos por una curadora o un curador distinto, con señaladores, stickers y
            una carta personal.
          </p>
          {monthly ? (
            <p className="mt-6 text-2xl font-semibold">
              {formatMoney(monthly.priceCents)} <span className="text-base font-normal">por mes</span>
            </p>
          ) : null}
          <p className="mt-1 inline-flex items-center gap-2 text-white/90">
            <Truck aria-hidden="true" className="size-5" /> Envío gratis en CABA y GBA
          </p>
          <div className="mt-8">
            <a
              href="#planes"
              className="inline-flex rounded-full bg-ochre-light px-6 py-3 font-semibold text-ink hover:bg-white"
            >
              Ver planes
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="sorpresa" className={section}>
        <h2 id="sorpresa" className={h2}>
          La sorpresa
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-ink/85">
          No sabés qué libros te van a llegar: ese es el juego. Cada mes una persona distinta —escritoras, libreras,
          ilustradores, editoras— arma la caja con dos libros que la marcaron. Es una puerta a lecturas que quizás no
          hubieras elegido y que, como un rizoma, te llevan a otras.
        </p>
      </section>

      <section aria-labelledby="incluye" className="bg-cream">
        <div className={section}>
          <h2 id="incluye" className={h2}>
            Qué incluye la caja
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Feature icon={<BookOpen aria-hidden="true" className="size-6" />} title="Dos libros sorpresa">
              Elegidos por la curadora o el curador del mes.
            </Feature>
            <Feature icon={<Sparkles aria-hidden="true" className="size-6" />} title="Señaladores">
              Diseñados por artistas jóvenes.
            </Feature>
            <Feature icon={<Gift aria-hidden="true" className="size-6" />} title="Stickers">
              Para tus cuadernos, tu compu o donde quieras.
            </Feature>
            <Feature icon={<Mail aria-hidden="true" className="size-6" />} title="Una carta">
              Una carta personal o contenido interactivo sobre los libros.
            </Feature>
          </ul>
        </div>
      </section>

      <section aria-labelledby="como-funciona" className={section}>
        <h2 id="como-funciona" className={h2}>
          Cómo funciona
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          <Step number={1} title="Suscribite antes del 10">
            Si te suscribís antes del día 10 de cada mes, recibís la caja de ese mes.
          </Step>
          <Step number={2} title="Recibila entre el 15 y el 25">
            Te la llevamos a tu casa o la retirás en un punto de retiro.
          </Step>
          <Step number={3} title="Explorá los libros">
            Abrí la caja, leé la carta y dejate sorprender.
          </Step>
        </ol>
      </section>

      <section aria-labelledby="por-que" className="bg-cream">
        <div className={section}>
          <h2 id="por-que" className={h2}>
            Por qué suscribirte
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            <Feature icon={<Heart aria-hidden="true" className="size-6" />} title="Apoyás a una librería independiente">
              Cada caja sostiene a Rizoma y a las editoriales chicas que publicamos y vendemos.
            </Feature>
            <Feature icon={<BookOpen aria-hidden="true" className="size-6" />} title="Salís de tu burbuja">
              Lecturas elegidas por personas, no por algoritmos.
            </Feature>
            <Feature icon={<Package aria-hidden="true" className="size-6" />} title="Sin compromiso">
              Pausás o cancelás cuando quieras.
            </Feature>
          </ul>
        </div>
      </section>

      <section aria-labelledby="envios" className={section}>
        <h2 id="envios" className={h2}>
          Envíos
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-lg text-ink/85">
          <li>Enviamos solo dentro de Argentina.</li>
          <li>El envío está incluido en CABA y GBA.</li>
          <li>
            Para el resto del país el costo se calcula al suscribirte, según tu provincia, y lo ves antes de pagar.
          </li>
        </ul>
        {pickupPoints.length > 0 ? (
          <>
            <h3 className="mt-8 text-xl font-semibold text-ink">Puntos de retiro</h3>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {pickupPoints.map((point) => (
                <li key={point.name} className="flex gap-3 rounded-xl bg-white p-4 ring-1 ring-ink/10">
                  <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-moss" />
                  <div>
                    <p className="font-semibold text-ink">{point.name}</p>
                    <p className="text-ink/80">{point.address}</p>
                    <p className="text-sm text-ink/75">{point.hours}</p>
                  </div>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section id="planes" aria-labelledby="titulo-planes" className="scroll-mt-4 bg-cream">
        <div className={section}>
          <h2 id="titulo-planes" className={h2}>
            Planes
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onSubscribe={(event) => open(plan, event)} />
            ))}
          </ul>
          <p className="mt-6 text-center font-semibold text-moss">Cancelación libre, sin permanencia mínima</p>
        </div>
      </section>

      <dialog
        ref={dialogRef}
        aria-labelledby="titulo-modal"
        onClose={() => setSelected(null)}
        className="m-auto w-[min(40rem,calc(100vw-1.5rem))] max-h-[calc(100vh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-xl backdrop:bg-ink/60 sm:p-8"
      >
        {selected ? (
          <form noValidate onSubmit={onSubmit} method="post" action={`/caja-rizoma/suscribirme?plan=${selected.id}`}>
            <h2 id="titulo-modal" className="mb-4 font-serif text-2xl">
              Suscribite a la Caja Rizoma
            </h2>
            <SubscribeFields
              key={selected.id}
              plan={selected}
              rates={rates}
              pickupPoints={pickupPoints}
              error={error}
              sending={sending}
              idPrefix="modal"
              cancel={
                <button
                  type="button"
                  onClick={() => dialogRef.current?.close()}
                  disabled={sending}
                  className="rounded-full border border-ink/30 px-6 py-3 font-semibold text-ink hover:bg-cream"
                >
                  Cancelar
                </button>
              }
            />
          </form>
        ) : null}
      </dialog>
    </main>
  );
}

function PlanCard({ plan, onSubscribe }: { plan: BoxPlanView; onSubscribe: (event: React.MouseEvent) => void }) {
  const percent = discountPercent(plan);
  const popular = plan.id === "semiannual";
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ${popular ? "ring-2 ring-moss" : "ring-1 ring-ink/10"}`}
    >
      {popular ? (
        <p className="absolute -top-3 left-6 rounded-full bg-moss px-3 py-1 text-xs font-bold tracking-widest text-white">
          MÁS POPULAR
        </p>
      ) : null}
      <h3 className="text-2xl font-semibold text-ink">{plan.label}</h3>
      <p className="mt-1 text-ink/80">{planDescription(plan, formatMoney)}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-3">
        <span className="text-3xl font-bold text-ink">{formatMoney(plan.priceCents)}</span>
        <span className="text-ink/80">{periodText(plan.frequencyMonths)}</span>
      </p>
      {plan.originalPriceCents && percent ? (
        <p className="mt-1 flex items-center gap-3">
          <s className="text-ink/70">
            <span className="sr-only">Antes </span>
            {formatMoney(plan.originalPriceCents)}
          </s>
          <span className="rounded-full bg-terracotta-dark px-2 py-0.5 text-sm font-bold text-white">
            {percent}% OFF
          </span>
        </p>
      ) : null}
      <Link
        to={`/caja-rizoma/suscribirme?plan=${plan.id}`}
        onClick={onSubscribe}
        aria-label={`SUSCRIBIRME al plan ${plan.label}`}
        className="mt-6 inline-flex justify-center rounded-full bg-moss px-6 py-3 font-semibold text-white hover:bg-moss-dark"
      >
        SUSCRIBIRME
      </Link>
    </li>
  );
}

function Feature({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-xl bg-white p-5 ring-1 ring-ink/10">
      <span className="text-moss">{icon}</span>
      <h3 className="mt-3 font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-ink/80">{children}</p>
    </li>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <li className="rounded-xl bg-white p-5 ring-1 ring-ink/10">
      <span
        aria-hidden="true"
        className="flex size-9 items-center justify-center rounded-full bg-ochre-light font-bold text-ink"
      >
        {number}
      </span>
      <h3 className="mt-3 font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-ink/80">{children}</p>
    </li>
  );
}
