import { createHash, verify } from "node:crypto";
import forge from "node-forge";

/** The fake ARCA's WSAA check of a login's CMS (tests/support/fake-arca.ts), done as ARCA does for one trusted certificate. */

const OID_MESSAGE_DIGEST = "1.2.840.113549.1.9.4";

/** The bytes of an OCTET STRING node, primitive or constructed (BER chunks). */
function octets(node: forge.asn1.Asn1): string {
  return typeof node.value === "string" ? node.value : (node.value as forge.asn1.Asn1[]).map(octets).join("");
}

export class CmsRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Verifies WSAA's `in0` as ARCA does (for the one certificate it trusts) and answers the TRA's text.
 * CMS ContentInfo → SignedData {version, digestAlgorithms, encapContentInfo, [0] certificates, signerInfos}.
 */
export function verifiedTra(in0: string, trustedPem: string): string {
  let signedData: forge.asn1.Asn1[];
  try {
    const contentInfo = forge.asn1.fromDer(forge.util.decode64(in0.replace(/\s+/g, "")));
    const explicit = (contentInfo.value as forge.asn1.Asn1[])[1];
    signedData = ((explicit?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value as forge.asn1.Asn1[]) ?? [];
  } catch {
    throw new CmsRefused("cms.bad", "Error al procesar el CMS: no es un PKCS#7 válido");
  }
  const encap = signedData[2]?.value as forge.asn1.Asn1[] | undefined;
  const contentNode = (encap?.[1]?.value as forge.asn1.Asn1[] | undefined)?.[0];
  if (!contentNode) throw new CmsRefused("cms.bad", "El CMS no trae el TRA (contenido adjunto)");
  const content = octets(contentNode);
  const certificates = signedData.find(
    (node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0,
  );
  const signerInfos = signedData[signedData.length - 1]?.value as forge.asn1.Asn1[] | undefined;
  const signer = signerInfos?.[0]?.value as forge.asn1.Asn1[] | undefined;
  const trustedDer = forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(trustedPem))).getBytes();
  const sent = (certificates?.value as forge.asn1.Asn1[] | undefined) ?? [];
  if (!sent.some((certificate) => forge.asn1.toDer(certificate).getBytes() === trustedDer)) {
    throw new CmsRefused("cms.cert.untrusted", "Certificado no emitido por AC de confianza");
  }
  const attributes = signer?.find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
  const signature = signer?.find(
    (node) => node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.OCTETSTRING,
  );
  if (!attributes || !signature) throw new CmsRefused("cms.bad", "El CMS no trae atributos firmados");
  let digest: string | null = null;
  for (const attribute of attributes.value as forge.asn1.Asn1[]) {
    const [type, values] = attribute.value as forge.asn1.Asn1[];
    const value = (values?.value as forge.asn1.Asn1[] | undefined)?.[0];
    if (type && value && forge.asn1.derToOid(forge.util.createBuffer(type.value as string)) === OID_MESSAGE_DIGEST) {
      digest = octets(value);
    }
  }
  const contentDigest = createHash("sha256").update(Buffer.from(content, "binary")).digest("binary");
  if (digest !== contentDigest) throw new CmsRefused("cms.sign.invalid", "Firma inválida o algoritmo no soportado");
  // The signature covers the attributes DER-encoded as a SET (tag 0x31), not as the [0] they travel in.
  const asSet = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributes.value as forge.asn1.Asn1[],
  );
  const valid = verify(
    "sha256",
    Buffer.from(forge.asn1.toDer(asSet).getBytes(), "binary"),
    forge.pki.publicKeyToPem(forge.pki.certificateFromPem(trustedPem).publicKey),
    Buffer.from(octets(signature), "binary"),
  );
  if (!valid) throw new CmsRefused("cms.sign.invalid", "Firma inválida o algoritmo no soportado");
  return Buffer.from(content, "binary").toString("utf8");
}
