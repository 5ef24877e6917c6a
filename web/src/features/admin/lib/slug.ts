/**
 * The suggested slug is lowercase, stripped of everything but letters, digits, spaces and
 * hyphens, with spaces turned into hyphens. Spaces at either end (the name
 * is saved trimmed), also those left by stripped characters, make no hyphens there.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
}
