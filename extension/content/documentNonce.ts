const NONCE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const NONCE_LENGTH = 5;

/**
 * Scopes refs to one document: a new document (navigation, reload) runs a new content
 * script instance with a new nonce, so older refs are recognisably stale.
 */
export function createDocumentNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(NONCE_LENGTH));
  let nonce = "";
  for (const byte of bytes) nonce += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
  return nonce;
}
