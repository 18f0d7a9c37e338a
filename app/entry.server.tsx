import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { BatchedStream } from "~/lib/batched-stream.server";
import { NonceContext } from "~/lib/nonce";
import { withCriticalCss } from "~/lib/shop-critical-css.server";
import { isDatabaseUnavailable } from "~db/errors";

export const streamTimeout = 5_000;

/**
 * Requests whose loader or action could not reach the database (down or restarting): their error page
 * is answered 503, "come back in a moment", instead of 500. React Router calls `handleError` with the
 * original error before it renders the page.
 */
const databaseUnavailable = new WeakSet<Request>();

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request);
    (context as AppLoadContext | undefined)?.log?.warn({ err: error }, "database unavailable");
    return;
  }
  // React Router's default: log (a route error response's own error, when it carries one), unless the
  // visitor went away.
  if (request.signal.aborted) return;
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/** Client navigations (`.data`) get the same 503. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) =>
  databaseUnavailable.has(request) && response.status === 500
    ? new Response(response.body, { status: 503, headers: response.headers })
    : response;

/**
 * React Router's default Node entry (`react-router reveal entry.server`), with six changes: finished
 * Suspense boundaries are never outlined (see progressiveChunkSize below), a page rendered for the
 * page cache waits for all its content (`completeRender`), an unreachable database is a 503, and every
 * inline script carries the response's Content-Security-Policy nonce (`cspNonce`, server/csp.ts), and
 * React's output leaves in one chunk per batch (BatchedStream), whose first one gets the storefront
 * stylesheet's rules its markup needs in its <head> (withCriticalCss).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
  // If you have middleware enabled:
  // loadContext: RouterContextProvider
) {
  if (databaseUnavailable.has(request) && responseStatusCode === 500) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "5");
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    // So does a page rendered for the page cache, which serves it to visitors and crawlers alike.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.completeRender
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = loadContext.cspNonce;
    const page = (
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // React's own inline scripts carry the response's CSP nonce too (server/csp.ts).
      nonce,
      // React outlines a finished Suspense boundary bigger than this (12.8 kB by default) into a hidden
      // <div> that only a script reveals: without JavaScript (visitors, crawlers) it would stay hidden.
      // The home's sections hydrate lazily inside such a boundary (routes/home.tsx), so never outline.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        // One chunk per batch React writes, not one per 4 KB piece (app/lib/batched-stream.server.ts); the
        // first one with its critical CSS (app/lib/critical-css.ts).
        const body = new BatchedStream(() => {
          // Clear the timeout to prevent retaining the closure and memory leak
          clearTimeout(timeoutId);
          timeoutId = undefined;
        }, withCriticalCss);
        const stream = createReadableStreamFromReadable(body);

        responseHeaders.set("Content-Type", "text/html");

        pipe(body);

        resolve(
          new Response(stream, {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Log streaming rendering errors from inside the shell.  Don't log
        // errors encountered during initial shell rendering since they'll
        // reject and get logged in handleDocumentRequest.
        if (shellRendered) {
          console.error(error);
        }
      },
    });
  });
}
