/** Leaving for the sign-in page after a reset, behind an object so tests can watch it. */
export const page = {
  goTo: (url: string) => window.location.assign(url),
}
