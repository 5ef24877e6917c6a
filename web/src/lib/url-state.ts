import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'

/**
 * A list screen's choices (search, filters, sort, view, page) kept in its address, so a view
 * can be shared as a link and survives a reload. Each key has a default, left out of the
 * address; a value outside a key's allowed list (an edited or outdated link) reads as the
 * default instead of asking the server for something it refuses.
 */
export function useUrlState<K extends string>(
  defaults: Readonly<Record<K, string>>,
  allowed?: Readonly<Partial<Record<K, readonly string[]>>>,
) {
  const search = useSearch()
  const [location, navigate] = useLocation()

  const state = useMemo(() => {
    const params = new URLSearchParams(search)
    const read = {} as Record<K, string>
    for (const key of Object.keys(defaults) as K[]) {
      const value = params.get(key)
      const ok = value !== null && value !== '' && (allowed?.[key]?.includes(value) ?? true)
      read[key] = ok ? value : defaults[key]
    }
    return read
  }, [search, defaults, allowed])

  /** Changes some keys; others, and parameters this screen does not own, stay as they are. */
  const update = useCallback(
    (patch: Partial<Record<K, string>>) => {
      const params = new URLSearchParams(search)
      for (const [key, value] of Object.entries(patch) as [K, string | undefined][]) {
        if (value === undefined || value === '' || value === defaults[key]) params.delete(key)
        else params.set(key, value)
      }
      const query = params.toString()
      // Replaced, not pushed: typing a search would otherwise fill the history one letter at a time.
      navigate(query ? `${location}?${query}` : location, { replace: true })
    },
    [search, location, navigate, defaults],
  )

  return [state, update] as const
}

/**
 * A search box over an address value: what is typed shows at once and reaches the address
 * (and so the server) `delay` ms after the last key; a change of the address from elsewhere
 * (back, a link, Clear filters) shows in the box.
 */
export function useSearchField(value: string, commit: (value: string) => void, delay = 300) {
  const [text, setText] = useState(value)
  const committed = useRef(value)
  const latestCommit = useRef(commit)
  useEffect(() => {
    latestCommit.current = commit
  })

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    const wanted = text.trim()
    if (wanted === committed.current) return
    const timer = setTimeout(() => {
      committed.current = wanted
      latestCommit.current(wanted)
    }, delay)
    return () => clearTimeout(timer)
  }, [text, delay])

  return [text, setText] as const
}
