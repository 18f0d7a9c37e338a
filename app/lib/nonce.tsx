import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the response being rendered (server/csp.ts). Provided by
 * entry.server.tsx around the whole page; in the browser there is none (and none is needed: scripts
 * added after hydration come from our own origin).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
