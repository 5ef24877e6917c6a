import { Eye, ShieldCheck, type LucideIcon } from 'lucide-react'
import type { Visibility } from '@/lib/access'
import { cn } from '@/lib/utils'

interface VisibilityOption {
  value: Visibility
  label: string
  description: string
  icon: LucideIcon
  recommended?: boolean
}

/** The two settings of 'Who sees what', in the words both the super admin and an organisation's admin read. */
export const VISIBILITY_OPTIONS: readonly VisibilityOption[] = [
  {
    value: 'need_to_know',
    label: 'Need to know',
    description:
      'Managers see their reporting line, everyone else their own records; HR and administrators see everyone. The directory stays open to all.',
    icon: ShieldCheck,
    recommended: true,
  },
  {
    value: 'open',
    label: 'Open',
    description: "Everyone signed in reads everyone's profile, reviews, certifications and documents.",
    icon: Eye,
  },
]

interface VisibilityChoiceProps {
  /** The radios' group name (unique on the page). */
  name: string
  value: Visibility
  onChange: (value: Visibility) => void
  disabled?: boolean
  /** The element that explains the group, for screen readers. */
  describedBy?: string
}

/** 'Who sees what' as two cards, each a real radio covering its card. */
export function VisibilityChoice({ name, value, onChange, disabled, describedBy }: VisibilityChoiceProps) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">Who sees what</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {VISIBILITY_OPTIONS.map(({ value: option, label, description, icon: Icon, recommended }) => (
          <label
            key={option}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors hover:bg-muted',
              'has-checked:border-primary has-checked:bg-primary-soft has-checked:ring-1 has-checked:ring-primary',
              'has-focus-visible:ring-2 has-focus-visible:ring-ring has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
            />
            <span className="flex flex-wrap items-center gap-2 font-medium">
              <Icon aria-hidden="true" className="size-4 text-primary" />
              {label}
              {recommended && (
                <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground">
                  Recommended
                </span>
              )}
            </span>
            <span className="text-xs text-muted-foreground">{description}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
