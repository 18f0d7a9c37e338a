/** The team's rules and messages (issue 34), client-safe: the pages read them, team.server.ts enforces them. */

/** How long an invitation's link works. */
export const INVITE_HOURS = 48;

/** An admin's password, at least (the same rule for the first admin, an invitation and a change). */
export const MIN_PASSWORD_LENGTH = 10;

export const TEAM_MESSAGES = {
  lastOwner: "La tienda tiene que tener al menos una persona titular: nombrá a otra antes.",
  self: "No podés quitarte a vos: pedíselo a otra persona titular.",
  notFound: "No encontramos a esa persona en el equipo.",
  exists: "Esa persona ya es parte del equipo.",
  inviteInvalid: "La invitación no es válida, ya se usó o venció (dura 48 horas). Pedí una nueva.",
  wrongPassword: "La contraseña actual no es correcta.",
  role: "Elegí un rol: titular o equipo.",
} as const;
