import {
  BadgePercent,
  BookOpen,
  Calculator,
  ChartColumn,
  ExternalLink,
  FileText,
  Gift,
  LayoutDashboard,
  Library,
  LibraryBig,
  Mail,
  QrCode,
  Receipt,
  ScrollText,
  Settings,
  ShoppingBag,
  Store,
  Tent,
  Undo2,
  UserCog,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";
import { type AdminRole, mayAct, roleForPath } from "~/domain/auth/roles";

/** The spec's shared admin header tiles, in its order. */
export const adminTiles = [
  { to: "/admin", label: "Panel Principal", icon: LayoutDashboard, end: true },
  { to: "/admin/venta", label: "Vender", icon: Store },
  { to: "/admin/cierre", label: "Cierre de caja", icon: Calculator },
  { to: "/admin/pedidos", label: "Pedidos", icon: ShoppingBag },
  { to: "/admin/clientes", label: "Clientes", icon: Users },
  { to: "/admin/arrepentimientos", label: "Arrepentimientos", icon: Undo2 },
  { to: "/admin/facturas", label: "Facturas", icon: FileText },
  { to: "/admin/carousel", label: "Carrusel", icon: BookOpen },
  { to: "/admin/newsletter", label: "Newsletter", icon: Mail },
  { to: "/admin/caja", label: "Caja Rizoma", icon: Gift },
  { to: "/admin/qr", label: "Códigos QR", icon: QrCode },
  { to: "/admin/descuentos", label: "Códigos de Descuento", icon: BadgePercent },
  { to: "/admin/expenses", label: "Gastos", icon: Receipt },
  { to: "/admin/reportes", label: "Reportes", icon: ChartColumn },
  { to: "/admin/libros", label: "Libros", icon: Library },
  { to: "/admin/pedidos-especiales", label: "Pedidos Especiales", icon: LibraryBig },
  { to: "/admin/ferias", label: "Ferias", icon: Tent },
  { to: "/admin/equipo", label: "Equipo", icon: UserCog },
  { to: "/admin/ajustes", label: "Ajustes", icon: Settings },
  { to: "/admin/auditoria", label: "Auditoría", icon: ScrollText },
] as const;

/** The tiles a role may use: the menu shows only what the gate lets through (app/domain/auth/roles.ts). */
export const tilesFor = (role: AdminRole) => adminTiles.filter((tile) => mayAct(role, roleForPath(tile.to) ?? "owner"));

export function AdminNav({ role }: { role: AdminRole }) {
  return (
    <nav aria-label="Secciones del panel" className="border-b border-ink/10 bg-white print:hidden">
      <ul className="mx-auto flex max-w-6xl gap-2 overflow-x-auto px-4 py-3 lg:flex-wrap lg:overflow-visible">
        {tilesFor(role).map(({ to, label, icon: Icon, ...rest }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={"end" in rest}
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${
                  isActive
                    ? "border-moss bg-moss text-white"
                    : "border-ink/15 text-ink hover:border-moss hover:text-moss"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
        <li className="shrink-0">
          <a
            href="/"
            className="flex items-center gap-2 rounded-lg border border-dashed border-ink/25 px-3 py-2 text-sm font-semibold text-ink/80 hover:border-moss hover:text-moss"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Ver sitio
          </a>
        </li>
      </ul>
    </nav>
  );
}
