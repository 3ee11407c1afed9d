/** Postal code as shown (spec §2 "postal code (masked)"): five digits, restoring leading zeros lost upstream. */
export function formatCodigoPostal(cp: string): string {
  const trimmed = cp.trim();
  return /^\d{1,4}$/.test(trimmed) ? trimmed.padStart(5, "0") : trimmed;
}
