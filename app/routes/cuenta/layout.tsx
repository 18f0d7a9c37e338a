import { NavLink, Outlet, useLocation } from "react-router";
import { requireCustomer } from "~/lib/customer.server";
import type { Route } from "./+types/layout";

/** The sections of Mi cuenta, in the order the navigation shows them. */
export const ACCOUNT_SECTIONS = [
  { to: "/cuenta", label: "Pedidos", end: true },
  { to: "/cuenta/caja", label: "Caja Rizoma" },
  { to: "/cuenta/quiero-leer", label: "Quiero leer" },
  { to: "/cuenta/perfil", label: "Mis datos" },
  { to: "/cuenta/newsletter", label: "Newsletter" },
  { to: "/cuenta/pedidos-especiales", label: "Pedidos especiales" },
  { to: "/cuenta/privacidad", label: "Privacidad" },
] as const;

/**
 * Every page under /cuenta needs the reader signed in (else: the sign-in page, which comes back here).
 * Errors bubble to the shop layout's boundary: another person's order is its not-found page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { email } = requireCustomer(request, context);
  return { email };
}

const tab = (isActive: boolean) =>
  `inline-block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${
    isActive ? "bg-moss text-white" : "bg-white text-ink ring-1 ring-ink/15 hover:text-moss hover:ring-moss"
  }`;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // An order's detail (/cuenta/pedidos/RZ-…) is still under "Pedidos".
  const inOrders = pathname === "/cuenta" || pathname.startsWith("/cuenta/pedidos/");
  return (
    <main id="contenido" className="flex-1 bg-paper">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-widest text-terracotta-dark">Mi cuenta</p>
            <p className="mt-1 break-all text-ink/80">
              Entraste como <strong>{loaderData.email}</strong>
            </p>
          </div>
          <form method="post" action="/api/cuenta/salir">
            <button
              type="submit"
              className="rounded-full px-4 py-2 text-sm font-semibold text-moss underline hover:text-moss-dark"
            >
              Cerrar sesión
            </button>
          </form>
        </div>
        <nav aria-label="Secciones de mi cuenta" className="-mx-4 mt-6 overflow-x-auto px-4 pb-2">
          <ul className="flex gap-2">
            {ACCOUNT_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={"end" in section}
                  className={({ isActive }) => tab("end" in section ? inOrders : isActive)}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8">
          <Outlet />
        </div>
        <form method="post" action="/api/cuenta/salir?todas=1" className="mt-12 border-t border-ink/10 pt-6">
          <p className="text-sm text-ink/75">
            ¿Entraste desde una compu prestada o perdiste el teléfono? Cerrá la sesión en todos tus dispositivos.
          </p>
          <button type="submit" className="mt-2 text-sm font-semibold text-terracotta-dark underline">
            Cerrar todas las sesiones
          </button>
        </form>
      </div>
    </main>
  );
}
