import { Fragment, type ReactNode } from 'react'
import { Link } from 'wouter'

// "Templates (/templates)": a screen named in an answer, with the path the app routes it to.
const SCREEN_LINK = /([A-Z][A-Za-z]*(?: [A-Za-z]+){0,3}) \((\/[a-z0-9-]*(?:\/[a-z0-9-]+)*)\)/g

/**
 * An assistant's answer as written, with every screen it names ("Templates (/templates)")
 * turned into a link to that screen. Following a link calls onNavigate (the dialog closes).
 */
export function AssistantAnswer({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const parts: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(SCREEN_LINK)) {
    const [whole, label, path] = match
    const at = match.index ?? 0
    parts.push(text.slice(last, at))
    parts.push(
      <Link
        key={at}
        href={path!}
        onClick={onNavigate}
        className="font-medium text-primary underline underline-offset-2 hover:no-underline"
      >
        {label}
      </Link>,
    )
    last = at + whole.length
  }
  parts.push(text.slice(last))
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  )
}
