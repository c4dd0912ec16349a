/** The fixed search suggestions of the header search box (SPEC.md §2). */
export const SEARCH_SUGGESTIONS = ['Robobox Kit', 'Mechatronics Kit', 'Blix Kit', 'Drone Kit', 'Robotics Workshop', 'Masterclass', 'Components'] as const;

/** Suggestions containing the typed text, ignoring case; all of them for empty text. */
export function filterSuggestions(text: string): string[] {
  const needle = text.trim().toLowerCase();
  return SEARCH_SUGGESTIONS.filter((s) => s.toLowerCase().includes(needle));
}

/** The storefront search URL for a query, or null when the query is empty or blank. */
export function searchUrl(text: string): string | null {
  const q = text.trim();
  return q ? `/searchquer?q=${encodeURIComponent(q)}` : null;
}
