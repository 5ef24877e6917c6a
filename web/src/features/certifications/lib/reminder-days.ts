/** The server's message, word for word. */
export const REMINDER_DAYS_RULE = 'Reminder days must be 1 to 5 different whole numbers of days between 1 and 365'
export const DEFAULT_REMINDER_DAYS = [90, 60, 30, 7]

/** "90, 60 30" → [90, 60, 30] (largest first), or null when it breaks the rule. */
export function parseReminderDays(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean)
  if (parts.length < 1 || parts.length > 5 || parts.some((part) => !/^\d+$/.test(part))) return null
  const days = parts.map(Number)
  if (days.some((day) => day < 1 || day > 365) || new Set(days).size !== days.length) return null
  return [...days].sort((a, b) => b - a)
}

export function reminderDaysText(days: readonly number[] | undefined): string {
  return (days && days.length ? days : DEFAULT_REMINDER_DAYS).join(', ')
}
