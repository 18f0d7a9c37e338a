import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Forbidden, Invalid, NotFound } from "~/domain/errors";

/**
 * The one guarded fetcher for remote images (DESIGN §7). Only hosts listed in IMAGE_REMOTE_HOSTS
 * ("host" or "host:port") are fetched. Every address the name resolves to is checked and the
 * connection goes to that checked address (no DNS rebinding): private, loopback, link-local and
 * similar addresses are refused unless the host itself is listed as such an address ("127.0.0.1:4000",
 * "localhost"), which is for tests and development and is refused when NODE_ENV=production.
 */
export interface RemotePolicy {
  allowedHosts: string[];
  production: boolean;
  /** Default 15 MB. */
  maxBytes?: number;
  /** Default 10 s. */
  timeoutMs?: number;
  /**
   * Redirects followed (default 0: a 3xx is refused). Each hop is checked again like the first URL; a hop
   * may go to a listed host or, over https, to one of `redirectDomains` or a subdomain of it (Open
   * Library's covers redirect to archive.org's storage hosts).
   */
  maxRedirects?: number;
  redirectDomains?: string[];
}

export const MAX_REMOTE_IMAGE_BYTES = 15 * 1024 * 1024;

export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a = 0, b = 0] = address.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (net.isIPv6(address)) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) return isPrivateAddress(mapped[1]);
    return (
      lower === "::" ||
      lower === "::1" ||
      lower.startsWith("fc") ||
      lower.startsWith("fd") ||
      lower.startsWith("fe8") ||
      lower.startsWith("fe9") ||
      lower.startsWith("fea") ||
      lower.startsWith("feb") ||
      lower.startsWith("ff")
    );
  }
  return true;
}

/** Whether the URL's host is listed (by "host:port" or, for the default port, by "host"). */
export function isListedHost(url: URL, allowedHosts: string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const defaultPort = url.protocol === "https:" ? "443" : "80";
  const port = url.port || defaultPort;
  return allowedHosts.some((entry) => {
    const listed = entry.toLowerCase();
    if (listed === `${host}:${port}` || listed === `[${host}]:${port}`) return true;
    return (listed === host || listed === `[${host}]`) && port === defaultPort;
  });
}

const literalPrivate = (hostname: string) =>
  hostname === "localhost" ||
  (net.isIP(hostname.replace(/^\[|\]$/g, "")) !== 0 && isPrivateAddress(hostname.replace(/^\[|\]$/g, "")));

/** Checks the URL against the policy and returns the address to connect to. Throws a typed error. */
export async function resolveAllowed(url: URL, policy: RemotePolicy): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Invalid("Solo se aceptan imágenes http o https");
  if (url.username || url.password) throw new Invalid("La dirección de la imagen no puede llevar usuario");
  if (!isListedHost(url, policy.allowedHosts)) throw new Forbidden("Ese servidor de imágenes no está permitido");
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(hostname)
    ? [{ address: hostname, family: net.isIP(hostname) as 4 | 6 }]
    : await lookup(hostname, { all: true, verbatim: true }).catch(() => {
        throw new NotFound("No se encontró el servidor de la imagen");
      });
  const first = addresses[0];
  if (!first) throw new NotFound("No se encontró el servidor de la imagen");
  const privateOk = !policy.production && literalPrivate(url.hostname.toLowerCase());
  for (const { address } of addresses) {
    if (isPrivateAddress(address) && !privateOk) {
      throw new Forbidden("Ese servidor de imágenes no está permitido (dirección privada)");
    }
  }
  return { address: first.address, family: first.family as 4 | 6 };
}

/** Fetches an image from an allowed host: no redirects, image/* only, size and time capped. */
export async function fetchRemoteImage(rawUrl: string, policy: RemotePolicy): Promise<Buffer> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new Invalid("La dirección de la imagen no es válida");
  }
  const target = await resolveAllowed(url, policy);
  const maxBytes = policy.maxBytes ?? MAX_REMOTE_IMAGE_BYTES;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const request = client.get(
      url,
      {
        timeout: policy.timeoutMs ?? 10_000,
        headers: { accept: "image/avif,image/webp,image/*" },
        // Connect to the address that was checked, whatever DNS answers now.
        lookup: (_host, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              { address: target.address, family: target.family },
            ]);
          } else callback(null, target.address, target.family);
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const type = response.headers["content-type"] ?? "";
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location && (policy.maxRedirects ?? 0) > 0) {
          response.resume();
          followRedirect(url, location, policy).then(resolve, reject);
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new NotFound(`La imagen remota respondió ${status}`));
          return;
        }
        if (!type.startsWith("image/")) {
          response.resume();
          reject(new Invalid("La dirección no es una imagen"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new Invalid("La imagen remota es demasiado grande"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("tiempo de espera agotado")));
    request.on("error", (error) =>
      reject(error instanceof Error && "status" in error ? error : new NotFound("No se pudo descargar la imagen")),
    );
  });
}

/** The next hop of a redirect, allowed only to a listed host or (https) a redirect domain. */
function followRedirect(from: URL, location: string, policy: RemotePolicy): Promise<Buffer> {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return Promise.reject(new Invalid("La dirección de la imagen no es válida"));
  }
  const host = next.hostname.toLowerCase();
  const inDomain =
    next.protocol === "https:" &&
    (policy.redirectDomains ?? []).some((domain) => host === domain || host.endsWith(`.${domain}`));
  if (!inDomain && !isListedHost(next, policy.allowedHosts)) {
    return Promise.reject(new Forbidden("Ese servidor de imágenes no está permitido"));
  }
  return fetchRemoteImage(next.href, {
    ...policy,
    allowedHosts: inDomain ? [...policy.allowedHosts, next.host.toLowerCase()] : policy.allowedHosts,
    maxRedirects: (policy.maxRedirects ?? 0) - 1,
  });
}
