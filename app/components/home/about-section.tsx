import { Link } from "react-router";
import { SectionHeading } from "./section-heading";

/** About and mission (spec §2), a short version of /sobre-nosotros. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-20 bg-moss text-white">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 md:grid-cols-2">
        <div>
          <SectionHeading
            id="about-title"
            kicker="QUIÉNES SOMOS"
            title="Una librería hecha a mano"
            tone="dark"
            lead="Rizoma nació de una vida entera entre libros. Pasados los cuarenta, con la familia empujando, nuestro fundador se animó a convertir su biblioteca en una librería. Empezamos online, despacito, y acá seguimos: eligiendo cada título como si fuera para un amigo."
          />
          <Link
            to="/sobre-nosotros"
            className="mt-8 inline-block rounded-full bg-ochre-light px-6 py-3 text-sm font-bold tracking-wider text-ink hover:bg-white"
          >
            LEER NUESTRA HISTORIA
          </Link>
        </div>
        <div className="grid content-start gap-6">
          <blockquote className="border-l-4 border-ochre-light pl-5 font-serif text-2xl leading-snug">
            “Los libros son puertas: nunca sabés del todo adónde te llevan, pero siempre salís distinto.”
          </blockquote>
          <div>
            <h3 className="kicker text-ochre-light">NUESTRA MISIÓN</h3>
            <p className="mt-3 leading-relaxed text-white/85">
              Que la cultura sea accesible: precios justos, envíos gratis en la ciudad y una puerta abierta para
              artistas y autores jóvenes que todavía no tienen dónde mostrarse. Como un rizoma, crecemos hacia los
              costados, sin centro ni jerarquías, conectando lectores, libros y ideas.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
