/** The shopper's full delivery address on one line: street, city, state and zip code (DESIGN.md §6 item 8). */
export function fullAddress(a: { address: string; city: string; state: string; zipCode: string }): string {
  const place = [a.city, a.state]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  const tail = [place, a.zipCode.trim()].filter(Boolean).join(' - ');
  return [a.address.trim(), tail].filter(Boolean).join(', ');
}
