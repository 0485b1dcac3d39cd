/** A list page's link to page `page` with its filters: empty filters and page 1 stay out of the URL. */
export function listHref(route: string, params: Record<string, string | false | null | undefined>, page: number): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (page > 1) query.set('page', String(page));
  return query.size ? `${route}?${query}` : route;
}
