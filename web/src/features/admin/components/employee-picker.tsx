import { Search, X } from 'lucide-react'
import { useDeferredValue, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { useEmployeeChoices, type EmployeeChoice } from '../api/users'

interface EmployeePickerProps {
  label: string
  value: Pick<EmployeeChoice, 'id' | 'name'> | null
  onChange: (employee: EmployeeChoice | null) => void
  hint?: string
}

function Matches({ search, value, onChange }: { search: string; value: EmployeePickerProps['value']; onChange: EmployeePickerProps['onChange'] }) {
  const choices = useEmployeeChoices(search)
  const name = useId()
  if (!search.trim()) return null
  if (choices.isPending) return <p className="text-xs text-muted-foreground">Searching...</p>
  if (choices.isError) return <p role="alert" className="text-xs text-destructive">The employees could not be searched.</p>
  if (choices.data.length === 0) return <p className="text-xs text-muted-foreground">No employee matches “{search.trim()}”.</p>
  return (
    <fieldset className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border p-1">
      <legend className="sr-only">Matching employees</legend>
      {choices.data.map((choice) => (
        <label
          key={choice.id}
          className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 hover:bg-muted has-checked:bg-primary-soft"
        >
          <input
            type="radio"
            name={name}
            className="mt-1 accent-primary"
            checked={value?.id === choice.id}
            onChange={() => onChange(choice)}
          />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium">{choice.name}</span>
            {choice.detail && <span className="truncate text-xs text-muted-foreground">{choice.detail}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** Choose an employee by typing part of a name, an e-mail or a position. */
export function EmployeePicker({ label, value, onChange, hint }: EmployeePickerProps) {
  const [search, setSearch] = useState('')
  const deferred = useDeferredValue(search)
  const id = useId()
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {value && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-primary-soft px-3 py-2 text-sm">
          <span>
            Chosen: <span className="font-medium">{value.name}</span>
          </span>
          <Button type="button" variant="ghost" size="sm" aria-label={`Clear ${value.name}`} onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Clear
          </Button>
        </div>
      )}
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder="Search employees by name or e-mail"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          // Enter searches as typing does; it must not send the form around the picker.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <Matches search={deferred} value={value} onChange={onChange} />
    </div>
  )
}
