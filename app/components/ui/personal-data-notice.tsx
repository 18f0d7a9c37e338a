import { Link } from "react-router";

/**
 * The short notice every form that collects personal data carries (Ley 25.326 art. 6; Disposición DNPDP
 * 10/2008: access free every six months, the AAIP as control body), linking to the whole policy.
 * `tone="dark"` on the dark footer-like bands (the newsletter's).
 */
export function PersonalDataNotice({
  className = "",
  tone = "light",
}: {
  className?: string;
  tone?: "light" | "dark";
}) {
  const color = tone === "dark" ? "text-cream/85" : "text-ink/75";
  const link = tone === "dark" ? "text-cream underline" : "text-moss underline";
  return (
    <p className={`text-xs leading-relaxed ${color} ${className}`} data-testid="personal-data-notice">
      Rizoma usa estos datos solo para lo que pediste. Podés acceder a ellos gratis cada seis meses, corregirlos o pedir
      que los borremos; la Agencia de Acceso a la Información Pública atiende los reclamos.{" "}
      <Link to="/privacidad" className={link}>
        Política de privacidad
      </Link>
      .
    </p>
  );
}
