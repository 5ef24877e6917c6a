/** The longest comment the form takes. */
export const COMMENT_MAX = 2000

/** Fewer answers than this and the reviewer sees nothing of them, so no one answer can be told apart. */
export const FEEDBACK_THRESHOLD = 3

/** Today as YYYY-MM-DD in the reader's own calendar. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * Whether answering is over: the server says so when it knows (closed), else the due date has
 * passed. The server decides in the end; a refused answer says why.
 */
export function isClosed(request: { due?: string | null; closed?: boolean | null }, today = localToday()): boolean {
  if (typeof request.closed === 'boolean') return request.closed
  return Boolean(request.due && request.due < today)
}

export function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5
}
