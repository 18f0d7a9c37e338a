import pino from "pino";

/** Query parameters that carry a secret or a person's address: their values never reach the log. */
export const SECRET_QUERY_KEYS = new Set(["token", "enlace", "t", "recuperar", "email"]);
export const HIDDEN = "[oculto]";

/**
 * A logged URL with the values of `SECRET_QUERY_KEYS` replaced by `[oculto]` (an order page's
 * `?token=`, a magic link's `?enlace=`...). Works on the raw string, so a malformed URL is masked too.
 */
export function maskUrl(url: unknown): unknown {
  if (typeof url !== "string") return url;
  const query = url.indexOf("?");
  if (query === -1) return url;
  const hash = url.indexOf("#", query);
  const end = hash === -1 ? url.length : hash;
  const masked = url
    .slice(query + 1, end)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // a malformed name is compared as it came
      }
      return SECRET_QUERY_KEYS.has(name.trim().toLowerCase()) && equals !== -1 ? `${rawName}=${HIDDEN}` : pair;
    })
    .join("&");
  return `${url.slice(0, query + 1)}${masked}${url.slice(end)}`;
}

/** Options of the process's logger: the URL serializer and the redacted header and cookie paths. */
export const loggerOptions = {
  base: undefined,
  serializers: { url: maskUrl, referer: maskUrl },
  redact: {
    paths: [
      "cookie",
      "authorization",
      "headers.cookie",
      "headers.authorization",
      'headers["set-cookie"]',
      "req.headers.cookie",
      "req.headers.authorization",
      'res.headers["set-cookie"]',
    ],
    censor: HIDDEN,
  },
} satisfies pino.LoggerOptions;

/** One JSON logger for the process; request handlers log through a child carrying the request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  ...loggerOptions,
});
