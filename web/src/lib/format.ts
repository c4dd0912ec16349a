/** The search card's description: the first `max` characters plus '...' when longer. */
export function truncate(text: string, max = 100): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
