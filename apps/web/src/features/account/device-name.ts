/** "Chrome on Windows" from a browser's user agent, or what there is of it. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => marker && userAgent.includes(marker))?.[1] ?? 'A browser';
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iPhone'],
    ['iPad', 'iPad'],
    ['Windows', 'Windows'],
    ['Mac OS', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([marker]) => marker && userAgent.includes(marker))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
