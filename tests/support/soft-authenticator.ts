import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software passkey for unit tests: an ES256 key pair that answers WebAuthn ceremonies the way a browser
 * and an authenticator would (attestation "none", WebAuthn §6.1 authenticator data), so the server's real
 * checks run on real signatures. The e2e suite uses Chromium's own virtual authenticator instead.
 */
export interface SoftAuthenticator {
  credentialId: string;
  /** Answers registration options (their challenge) as startRegistration() would. */
  create(challenge: string, overrides?: { origin?: string; rpID?: string }): RegistrationResponseJSON;
  /** Answers authentication options as startAuthentication() would; the counter moves forward each time. */
  get(challenge: string, overrides?: { origin?: string; rpID?: string; key?: KeyObject }): AuthenticationResponseJSON;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const b64u = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");
const u32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

export function softAuthenticator(origin: string, rpID: string): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]),
  );
  const rawId = randomBytes(16);
  const credentialId = b64u(rawId);
  let counter = 0;
  const clientData = (type: string, challenge: string, at: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }));

  return {
    credentialId,
    create(challenge, overrides = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(overrides.rpID ?? rpID),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        u32(counter),
        Buffer.alloc(16), // AAGUID
        idLength,
        rawId,
        Buffer.from(coseKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64u(clientData("webauthn.create", challenge, overrides.origin ?? origin)),
          attestationObject: b64u(attestationObject),
          transports: ["internal"],
        },
      };
    },
    get(challenge, overrides = {}) {
      counter += 1;
      const authData = Buffer.concat([sha256(overrides.rpID ?? rpID), Buffer.from([0x05]), u32(counter)]);
      const data = clientData("webauthn.get", challenge, overrides.origin ?? origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), overrides.key ?? privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
        },
      };
    },
  };
}
