import { BookOpen } from "~/components/ui/icons/book-open";
import { Gift } from "~/components/ui/icons/gift";
import { Heart } from "~/components/ui/icons/heart";
import { Mail } from "~/components/ui/icons/mail";
import { Package } from "~/components/ui/icons/package";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { BoxSection } from "./box-section";

/** Every icon hides itself from assistive technology (aria-hidden). */
type Feature = { Icon: (props: { className: string }) => React.ReactNode; title: string; text: string };

const INCLUDED: Feature[] = [
  { Icon: BookOpen, title: "Dos libros sorpresa", text: "Elegidos por la curadora o el curador del mes." },
  { Icon: Sparkles, title: "Señaladores", text: "Diseñados por artistas jóvenes." },
  { Icon: Gift, title: "Stickers", text: "Para tus cuadernos, tu compu o donde quieras." },
  { Icon: Mail, title: "Una carta", text: "Una carta personal o contenido interactivo sobre los libros." },
];

const STEPS = [
  {
    title: "Suscribite antes del 10",
    text: "Si te suscribís antes del día 10 de cada mes, recibís la caja de ese mes.",
  },
  { title: "Recibila entre el 15 y el 25", text: "Te la llevamos a tu casa o la retirás en un punto de retiro." },
  { title: "Explorá los libros", text: "Abrí la caja, leé la carta y dejate sorprender." },
];

const REASONS: Feature[] = [
  {
    Icon: Heart,
    title: "Apoyás a una librería independiente",
    text: "Cada caja sostiene a Rizoma y a las editoriales chicas que publicamos y vendemos.",
  },
  { Icon: BookOpen, title: "Salís de tu burbuja", text: "Lecturas elegidas por personas, no por algoritmos." },
  { Icon: Package, title: "Sin compromiso", text: "Pausás o cancelás cuando quieras." },
];

/** The landing's story: what the surprise is, what a box holds, how it works and why subscribe. */
export function BoxAbout() {
  return (
    <>
      <BoxSection id="sorpresa" title="La sorpresa">
        <p className="mt-4 max-w-3xl text-lg text-ink/85">
          No sabés qué libros te van a llegar: ese es el juego. Cada mes una persona distinta —escritoras, libreras,
          ilustradores, editoras— arma la caja con dos libros que la marcaron. Es una puerta a lecturas que quizás no
          hubieras elegido y que, como un rizoma, te llevan a otras.
        </p>
      </BoxSection>
      <BoxSection id="incluye" title="Qué incluye la caja" band>
        <FeatureList features={INCLUDED} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" />
      </BoxSection>
      <BoxSection id="como-funciona" title="Cómo funciona">
        <ol className="mt-6 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <InfoCard
              key={step.title}
              mark={
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-ochre-light font-bold text-ink"
                >
                  {index + 1}
                </span>
              }
              title={step.title}
              text={step.text}
            />
          ))}
        </ol>
      </BoxSection>
      <BoxSection id="por-que" title="Por qué suscribirte" band>
        <FeatureList features={REASONS} className="mt-6 grid gap-4 sm:grid-cols-3" />
      </BoxSection>
    </>
  );
}

function FeatureList({ features, className }: { features: Feature[]; className: string }) {
  return (
    <ul className={className}>
      {features.map(({ Icon, title, text }) => (
        <InfoCard
          key={title}
          mark={
            <span className="text-moss">
              <Icon className="size-6" />
            </span>
          }
          title={title}
          text={text}
        />
      ))}
    </ul>
  );
}

function InfoCard({ mark, title, text }: { mark: React.ReactNode; title: string; text: string }) {
  return (
    <li className="rounded-xl bg-white p-5 ring-1 ring-ink/10">
      {mark}
      <h3 className="mt-3 font-semibold text-ink">{title}</h3>
      <p className="mt-1 text-ink/80">{text}</p>
    </li>
  );
}
