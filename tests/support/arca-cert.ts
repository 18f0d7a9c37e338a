import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

/** A key and the self-signed certificate made for it, both PEM: what ARCA_KEY and ARCA_CERT hold. */
export interface ArcaTestCredentials {
  certificatePem: string;
  privateKeyPem: string;
}

function makeCredentials(commonName: string, cuit: string): ArcaTestCredentials {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 24 * 3600_000);
  certificate.validity.notAfter = new Date(now + 365 * 24 * 3600_000);
  // As ARCA's certificates name their holder: a common name and "CUIT nnnnnnnnnnn" as serialNumber.
  const subject = [
    { name: "commonName", value: commonName },
    { type: "2.5.4.5", value: `CUIT ${cuit}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem: privateKey };
}

let shop: ArcaTestCredentials | undefined;
let stranger: ArcaTestCredentials | undefined;

/** The shop's test key and certificate (made once per process): the fake ARCA trusts this certificate. */
export function arcaTestCredentials(): ArcaTestCredentials {
  shop ??= makeCredentials("rizoma-tests", "20111111112");
  return shop;
}

/** An unrelated key and certificate (made once per process), for "ARCA refuses a certificate it did not issue". */
export function strangerCredentials(): ArcaTestCredentials {
  stranger ??= makeCredentials("otro-sistema", "20111111112");
  return stranger;
}
