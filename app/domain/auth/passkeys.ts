/** Client-safe texts of passkeys (WebAuthn), shared by the endpoints and the browser's buttons. */

export const DEFAULT_PASSKEY_LABEL = "Llave de acceso";
export const PASSKEY_LABEL_MAX = 60;

export const PASSKEY_MESSAGES = {
  /** The browser's own refusal: the admin closed the prompt, or its time ran out (NotAllowedError). */
  cancelled: "Se canceló o venció el tiempo. Probá de nuevo.",
  unsupported:
    "Este navegador no permite usar llaves de acceso. Probá con otro navegador actualizado o usá una app de autenticación.",
  needsJavaScript: "Para usar una llave de acceso necesitás tener JavaScript activado en el navegador.",
  alreadyHere: "Esta llave ya está agregada a tu cuenta. Si querés otra, usá un dispositivo o una llave distinta.",
  wrongAddress:
    "El navegador no acepta llaves de acceso en esta dirección. Abrí el panel desde la dirección de la tienda y probá de nuevo.",
  failed: "No se pudo usar la llave de acceso. Probá de nuevo.",
  /** The server's answers. */
  challengeGone: "Esa solicitud ya se usó o venció. Probá de nuevo desde el principio.",
  notRegistered: "No pudimos verificar la llave de acceso que creaste. Probá de nuevo.",
  taken: "Esa llave de acceso ya está registrada.",
  refused: "No pudimos verificar tu llave de acceso. Probá de nuevo o usá un código.",
  noPasskeys: "No tenés llaves de acceso en tu cuenta. Ingresá el código de tu app o uno de recuperación.",
  invalidResponse: "La respuesta de la llave de acceso no es válida.",
  ipAddress:
    "Las llaves de acceso necesitan que la tienda se abra con un nombre (por ejemplo https://tienda.com.ar o http://localhost), no con una dirección IP.",
  otherOrigin: (origin: string) => `Para usar llaves de acceso, abrí el panel desde ${origin}.`,
} as const;
