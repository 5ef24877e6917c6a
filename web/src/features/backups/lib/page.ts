/** The page reload after a restore, behind an object so tests can watch it. */
export const page = {
  reload: () => window.location.reload(),
}
