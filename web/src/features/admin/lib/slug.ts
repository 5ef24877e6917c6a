/**
 * SPEC §5: the auto slug is lowercase, stripped of everything but letters, digits, spaces and
 * hyphens, with spaces turned into hyphens.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
}
