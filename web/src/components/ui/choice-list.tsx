import { cn } from '@/lib/utils'

const choice =
  'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring'

interface ChoiceListProps {
  name: string
  label: string
  choices: { value: string | number; label: string }[]
  value: unknown
  onChange: (value: string | number) => void
  className?: string
}

/** A row of options, one chosen, drawn as buttons (radio inputs underneath, for the keyboard and screen readers). */
export function ChoiceList({ name, label, choices, value, onChange, className }: ChoiceListProps) {
  return (
    <div role="radiogroup" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {choices.map((c) => (
        <label key={String(c.value)} className={choice}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={String(c.value)}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
          />
          {c.label}
        </label>
      ))}
    </div>
  )
}
