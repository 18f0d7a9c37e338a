import type { ReactNode } from "react";
import { Link } from "react-router";
import { NetPrice } from "~/components/book/net-price";
import { InstalmentsOffer } from "~/components/layout/instalments-offer";
import { SectionLink } from "~/components/layout/section-link";
import { useInstalmentsOffered } from "~/components/layout/use-instalments";
import { useTransferDiscountPercent } from "~/components/layout/use-transfer-discount";
import { formatMoney, formatPrice, fromPesos } from "~/lib/money";
import { Carousel, type Slide } from "./carousel";
import { NewsletterForm } from "./newsletter-form";
import { SlideCover } from "./slide-cover";
import { TransferHowTo } from "./transfer-modal";
import type { HomeCarouselData, SlideBook } from "./types";

/**
 * The home carousel's slides in the spec's order: transfer promotion, payment security, one per
 * featured book, newsletter, about, box, special orders, partner studio. The payment security slide is
 * Mercado Pago's (cards, instalments and their CFTEA): shown only while Mercado Pago takes payments.
 */
export function HomeCarousel({ data }: { data: HomeCarouselData }) {
  const percent = useTransferDiscountPercent();
  const mercadoPago = useInstalmentsOffered();
  const slides: Slide[] = [
    {
      key: "transferencia",
      label: percent ? `${percent}% de descuento pagando por transferencia` : "Pagá por transferencia, sin comisiones",
      content: (
        <SlideFrame tone="bg-moss" ornament={percent ? `${percent}%` : "$"}>
          <Kicker>PAGANDO POR TRANSFERENCIA</Kicker>
          {percent ? (
            <>
              <SlideTitle>{percent}% OFF en toda la tienda</SlideTitle>
              <SlideText>
                Transferí directo a nuestra cuenta y te descontamos el {percent}%. Sin comisiones, sin vueltas: la
                diferencia queda en tu bolsillo.
              </SlideText>
            </>
          ) : (
            <>
              <SlideTitle>Transferí directo, sin comisiones</SlideTitle>
              <SlideText>
                Pagá con una transferencia a nuestra cuenta: sin comisiones ni intermediarios, y te contamos paso a paso
                cómo hacerlo.
              </SlideText>
            </>
          )}
          <Actions>
            <TransferHowTo bank={data.bank} />
            <PrimaryLink to="/tienda">ELEGIR LIBROS</PrimaryLink>
          </Actions>
        </SlideFrame>
      ),
    },
    ...(mercadoPago
      ? [
          {
            key: "pago-seguro",
            label: "Pago seguro con tarjeta",
            content: (
              <SlideFrame tone="bg-ink" ornament="3×">
                <Kicker>TARJETAS DE CRÉDITO Y DÉBITO</Kicker>
                <SlideTitle>Pagá tranquilo, con Mercado Pago</SlideTitle>
                <SlideText>
                  Tus datos viajan cifrados y nunca pasan por nuestras manos. Podés pagar con tarjeta, dinero en cuenta
                  o efectivo.
                </SlideText>
                <ul className="mt-6 flex flex-wrap gap-3 text-sm font-semibold">
                  <li className="flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
                    <span aria-hidden="true" className="text-ochre-light">
                      ✓
                    </span>{" "}
                    Pago 100% seguro
                  </li>
                  <li className="flex items-center gap-2 rounded-2xl bg-white/10 px-4 py-2">
                    <span aria-hidden="true" className="text-ochre-light">
                      ✓
                    </span>{" "}
                    <InstalmentsOffer tone="dark" />
                  </li>
                </ul>
              </SlideFrame>
            ),
          },
        ]
      : []),
    ...data.featured.map((book, i) => ({
      key: `libro-${book.id}`,
      label: `Destacado: ${book.title}`,
      content: <BookSlide book={book} eager={i === 0} />,
    })),
    {
      key: "newsletter",
      label: "Suscribite al newsletter",
      content: (
        <SlideFrame tone="bg-terracotta-dark" ornament="✉">
          <Kicker>NEWSLETTER</Kicker>
          <SlideTitle>Novedades, reseñas y preventas, antes que nadie</SlideTitle>
          <SlideText>Un correo de vez en cuando, con libros elegidos a mano. Te das de baja cuando quieras.</SlideText>
          <NewsletterForm source="carousel" tone="dark" className="mt-6 max-w-lg" />
        </SlideFrame>
      ),
    },
    {
      key: "nosotros",
      label: "Quiénes somos",
      content: (
        <SlideFrame tone="bg-moss" ornament="❦">
          <Kicker>SOBRE NOSOTROS</Kicker>
          <SlideTitle>Una librería que crece como un rizoma</SlideTitle>
          <SlideText>
            Empezamos con una biblioteca familiar y una idea: que los libros circulen, se presten y se encuentren. Hoy
            somos librería y editorial independiente.
          </SlideText>
          <Actions>
            <PrimaryLink to="/sobre-nosotros">CONOCER NUESTRA HISTORIA</PrimaryLink>
          </Actions>
        </SlideFrame>
      ),
    },
    {
      key: "caja",
      label: "Caja Rizoma",
      content: (
        <SlideFrame tone="bg-ink" ornament="2">
          <Kicker>CAJA RIZOMA</Kicker>
          <SlideTitle>Dos libros sorpresa, todos los meses</SlideTitle>
          <SlideText>
            Una curaduría distinta cada mes, con señaladores, stickers y una carta. {formatMoney(data.boxMonthlyCents)}{" "}
            por mes, con envío gratis en CABA.
          </SlideText>
          <NetPrice netCents={data.boxMonthlyNetCents} testId={null} className="mt-2 text-xs text-white/80" />
          <Actions>
            <PrimaryLink to="/caja-rizoma">QUIERO MI CAJA</PrimaryLink>
          </Actions>
        </SlideFrame>
      ),
    },
    {
      key: "pedidos",
      label: "Pedidos especiales",
      content: (
        <SlideFrame tone="bg-terracotta-dark" ornament="72h">
          <Kicker>PEDIDOS ESPECIALES</Kicker>
          <SlideTitle>¿No lo encontrás? Lo buscamos por vos</SlideTitle>
          <SlideText>
            Libros agotados, raros o de otras editoriales: en el país lo conseguimos en hasta 72 horas hábiles; del
            exterior, desde 15 días hábiles.
          </SlideText>
          <Actions>
            <SectionLink section="pedidos" className={primaryClass}>
              HACER UN PEDIDO
            </SectionLink>
          </Actions>
        </SlideFrame>
      ),
    },
    {
      key: "peow",
      label: "Peow Studios",
      content: (
        <SlideFrame tone="bg-moss" ornament="✎">
          <Kicker>ESTUDIO ALIADO</Kicker>
          <SlideTitle>La colección de Peow Studios</SlideTitle>
          <SlideText>
            Novela gráfica, historieta y libros de diseño editorial de nuestro estudio amigo, con la misma pasión por el
            objeto libro.
          </SlideText>
          <Actions>
            <PrimaryLink to="/tienda?categoria=peow-studios">VER LA COLECCIÓN</PrimaryLink>
          </Actions>
        </SlideFrame>
      ),
    },
  ];
  return <Carousel slides={slides} label="Destacados de Rizoma" />;
}

function BookSlide({ book, eager }: { book: SlideBook; eager: boolean }) {
  const preorder = book.isPreorder && book.preorderPrice !== null;
  return (
    <div className="bg-moss-dark">
      <div className="slide-body slide-book">
        <Link to={`/libro/${book.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <SlideCover
            src={book.coverUrl}
            version={book.coverVersion}
            title={book.title}
            author={book.author}
            eager={eager}
          />
        </Link>
        <div className="max-w-xl text-center sm:text-left">
          <Kicker>{book.isPreorder ? "PREVENTA" : "DESTACADO"}</Kicker>
          <h2 className="mt-2 font-serif text-3xl leading-tight sm:text-4xl">{book.title}</h2>
          <p className="mt-1 text-lg text-white/85">{book.author}</p>
          {book.blurb ? <p className="mt-3 line-clamp-3 text-white/80">{book.blurb}</p> : null}
          <p className="mt-4 text-xl font-semibold">
            {preorder ? formatPrice(fromPesos(book.preorderPrice)) : formatPrice(fromPesos(book.price), "CONSULTAR")}
            {preorder && book.price !== null ? (
              <s className="ml-3 text-base font-normal text-white/75">{formatPrice(fromPesos(book.price))}</s>
            ) : book.originalPrice !== null ? (
              <s className="ml-3 text-base font-normal text-white/75">{formatPrice(fromPesos(book.originalPrice))}</s>
            ) : null}
          </p>
          {book.netPrice === null ? null : (
            <NetPrice netCents={fromPesos(book.netPrice)} testId={null} className="mt-1 text-xs text-white/80" />
          )}
          <Actions centered>
            <PrimaryLink to={`/libro/${book.id}`}>VER LIBRO</PrimaryLink>
          </Actions>
        </div>
      </div>
    </div>
  );
}

function SlideFrame({ tone, ornament, children }: { tone: string; ornament: string; children: ReactNode }) {
  return (
    <div className={`${tone} relative`}>
      <div className="slide-body justify-center">
        {/* Decoration only: drawn by CSS from the attribute, so it is not text (nor read, nor contrast-checked). */}
        <span
          aria-hidden="true"
          data-ornament={ornament}
          className="pointer-events-none absolute top-6 right-6 select-none font-serif text-8xl leading-none text-white/10 before:content-[attr(data-ornament)] sm:right-16 sm:text-[12rem]"
        />
        <div className="relative max-w-2xl">{children}</div>
      </div>
    </div>
  );
}

function Kicker({ children }: { children: ReactNode }) {
  return <p className="kicker text-ochre-light">{children}</p>;
}

function SlideTitle({ children }: { children: ReactNode }) {
  return <h2 className="mt-3 font-serif text-3xl leading-tight sm:text-5xl">{children}</h2>;
}

function SlideText({ children }: { children: ReactNode }) {
  return <p className="mt-4 max-w-xl text-base leading-relaxed text-white/85 sm:text-lg">{children}</p>;
}

function Actions({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  return (
    <div className={`mt-7 flex flex-wrap items-center gap-3 ${centered ? "justify-center sm:justify-start" : ""}`}>
      {children}
    </div>
  );
}

const primaryClass = "btn-ochre";

function PrimaryLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={primaryClass}>
      {children}
    </Link>
  );
}
