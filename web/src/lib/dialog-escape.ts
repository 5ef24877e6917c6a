/**
 * Escape belongs to the dialog the focus is in. Radix gives Escape only to its top layer, and a
 * toast raised from inside a dialog is a newer layer than the dialog, so it would take the key
 * and the dialog would stay open. Open dialog contents register here (dialog.tsx) and the toaster
 * hands such an Escape over with `passEscapeToDialog`. A module of its own, so the toaster, which
 * every page loads, does not pull in the dialog code.
 */
type EscapeHandler = (event: KeyboardEvent) => void
const openContents = new Map<HTMLElement, EscapeHandler>()

/** Register an open dialog's content and what an Escape handed to it does; returns the unregister. */
export function registerDialogContent(content: HTMLElement, handleEscape: EscapeHandler): () => void {
  openContents.set(content, handleEscape)
  return () => {
    openContents.delete(content)
  }
}

/**
 * Give an Escape pressed in an open dialog to that dialog, which closes unless its
 * `onEscapeKeyDown` prevents it. With the focus on nothing in particular (the body, e.g. after
 * a pending button was disabled) the newest open dialog takes it. Returns whether a dialog did.
 */
export function passEscapeToDialog(event: KeyboardEvent): boolean {
  const target = event.target
  if (!(target instanceof Node)) return false
  const contents = [...openContents.keys()]
  const content =
    contents.find((c) => c.contains(target)) ?? (target === target.ownerDocument?.body ? contents.at(-1) : undefined)
  if (!content) return false
  openContents.get(content)?.(event)
  return true
}
