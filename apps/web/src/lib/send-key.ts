/**
 * A new key naming one thing sent to the server (a version 4 UUID), so that sending it again is
 * not doing it twice. Made with `crypto.getRandomValues`, which (unlike `randomUUID`) browsers
 * also offer on a page served over plain HTTP.
 */
export function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The key for what a form sends now: the last one again while the same thing is sent after a
 * failure (the first sending may have arrived), a new one once it succeeded or anything changed.
 */
export function sendKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(value: unknown): string {
      const body = JSON.stringify(value);
      if (last?.body !== body) last = { body, key: newSendKey() };
      return last.key;
    },
    /** The thing was done: the next sending is a new one. */
    done() {
      last = null;
    },
  };
}
