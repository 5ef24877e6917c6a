import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { errorMessage } from '@/lib/api-client'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import type { Organization, useUpdateAccessSettings } from '../api/organization'

/** The server keeps the audit trail from 30 days to 10 years. */
export const RETENTION_MIN_DAYS = 30
export const RETENTION_MAX_DAYS = 3650
const DAYS_PER_YEAR = 365

type Unit = 'days' | 'years'

/** Whole years show as years, anything else as days. */
function asShown(days: number): { amount: string; unit: Unit } {
  return days % DAYS_PER_YEAR === 0 ? { amount: String(days / DAYS_PER_YEAR), unit: 'years' } : { amount: String(days), unit: 'days' }
}

/** The number of days typed, or why it cannot be kept. */
export function retentionDays(amount: string, unit: Unit): { days?: number; problem?: string } {
  const text = amount.trim()
  if (!/^\d{1,5}$/.test(text)) return { problem: 'Enter a whole number.' }
  const days = Number(text) * (unit === 'years' ? DAYS_PER_YEAR : 1)
  if (days < RETENTION_MIN_DAYS || days > RETENTION_MAX_DAYS) {
    return { problem: `Keep the audit trail from ${RETENTION_MIN_DAYS} days to 10 years (${RETENTION_MAX_DAYS} days).` }
  }
  return { days }
}

interface AuditRetentionFieldProps {
  organization: Organization
  update: ReturnType<typeof useUpdateAccessSettings>
}

/** How long events stay in the audit trail before the daily purge removes them. */
export function AuditRetentionField({ organization, update }: AuditRetentionFieldProps) {
  const [amount, setAmount] = useState(() => asShown(organization.auditRetentionDays).amount)
  const [unit, setUnit] = useState<Unit>(() => asShown(organization.auditRetentionDays).unit)
  const [error, setError] = useState<string>()
  const id = useId()
  useResetOnChange([organization.auditRetentionDays], () => {
    const shown = asShown(organization.auditRetentionDays)
    setAmount(shown.amount)
    setUnit(shown.unit)
  })
  const typed = retentionDays(amount, unit)

  const save = () => {
    setError(typed.problem)
    if (typed.days === undefined) return
    const days = typed.days
    update.mutate(
      { auditRetentionDays: days },
      {
        onSuccess: () => toast({ title: 'Settings saved', description: `The audit trail keeps events for ${days} days.` }),
        onError: (err) => setError(errorMessage(err, 'The change could not be saved. Please try again.')),
      },
    )
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Keep the audit trail for</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          inputMode="numeric"
          className="w-28"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${error ? `${id}-error` : ''}`.trim()}
        />
        <select
          aria-label="Unit"
          className="h-10 rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
          value={unit}
          onChange={(e) => setUnit(e.target.value as Unit)}
        >
          <option value="days">days</option>
          <option value="years">years</option>
        </select>
        <Button variant="outline" aria-label="Save audit retention" onClick={save} disabled={update.isPending || typed.days === organization.auditRetentionDays}>
          Save
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        From {RETENTION_MIN_DAYS} days to 10 years; older events are removed each night.
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}
