/**
 * Categories: feeds give paths such as `Electronics > Audio > Headphones`; the catalog keeps the most specific
 * part as the category name and browses by its slug.
 */
export function categoryName(raw: string): string | null {
  const parts = raw
    .split(/\s*>\s*/)
    .map((part) => part.trim())
    .filter(Boolean);
  const name = parts[parts.length - 1];
  return name ? name.slice(0, 200) : null;
}

/** URL slug of a category name: lower case letters and digits joined by single hyphens. */
export function categorySlug(name: string): string | null {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
  return slug || null;
}
