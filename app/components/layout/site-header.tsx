import { Menu } from "lucide-react";
import { Link, NavLink } from "react-router";
import { CartButton } from "~/components/cart/cart-button";
import { SearchForm } from "./search-form";

export const topBarLinks = [
  { to: "/tienda", label: "TIENDA" },
  { to: "/caja-rizoma", label: "CAJA RIZOMA" },
  { to: "/sobre-nosotros", label: "SOBRE NOSOTROS" },
  { to: "/audiolibros", label: "AUDIOLIBROS" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `text-sm font-semibold tracking-wider hover:text-ochre-light ${isActive ? "text-ochre-light underline underline-offset-8" : ""}`;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-moss text-white">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <Link to="/" className="font-serif text-2xl font-bold tracking-[0.2em]" aria-label="Rizoma, ir al inicio">
          RIZOMA
        </Link>
        <nav aria-label="Principal" className="ml-6 hidden gap-6 md:flex">
          {topBarLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <SearchForm id="header-search" label="Buscar en el sitio" className="ml-auto hidden w-64 lg:flex" />
        {/* <details> keeps the mobile menu usable without JavaScript. */}
        <details className="group ml-auto md:hidden">
          <summary
            className="flex cursor-pointer list-none items-center rounded p-2 hover:bg-white/10"
            aria-label="Abrir menú"
          >
            <Menu aria-hidden="true" className="size-6" />
          </summary>
          <div className="absolute inset-x-0 top-full border-b border-white/10 bg-moss px-4 pb-4 shadow-lg">
            <SearchForm id="mobile-search" label="Buscar en el sitio (menú)" className="my-3" />
            <nav aria-label="Menú móvil" className="flex flex-col">
              {topBarLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className={(s) => `${linkClass(s)} border-t border-white/10 py-3`}>
                  {link.label}
                </NavLink>
              ))}
            </nav>
          </div>
        </details>
        <CartButton className="md:ml-auto lg:ml-0" />
      </div>
    </header>
  );
}
