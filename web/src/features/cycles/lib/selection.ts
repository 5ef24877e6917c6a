/** Rows ticked on the reviews list: a set of review ids, kept across pages and filters. */
export function toggle(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** Ticks every row shown, or unticks them all when all were ticked already. */
export function toggleAll(selected: ReadonlySet<number>, shown: readonly number[]): Set<number> {
  const next = new Set(selected)
  const all = shown.length > 0 && shown.every((id) => next.has(id))
  for (const id of shown) {
    if (all) next.delete(id)
    else next.add(id)
  }
  return next
}
