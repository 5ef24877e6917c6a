import { useMemo, useState } from 'react'
import { ChoiceList } from '@/components/ui/choice-list'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { TextField } from '@/components/ui/text-field'
import { useDepartments } from '@/lib/api/departments'
import type { EmployeeOption } from '../api/options'
import type { CycleForm, FormProblems, PopulationKind } from '../lib/cycle-form'

const KINDS: { value: PopulationKind; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'departments', label: 'Departments' },
  { value: 'employees', label: 'Chosen people' },
  { value: 'start_dates', label: 'Start dates' },
]

interface Props {
  form: CycleForm
  change: (patch: Partial<CycleForm>) => void
  problems: FormProblems
  employees: readonly EmployeeOption[]
}

function toggled(ids: number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]
}

function Departments({ form, change, problems }: Omit<Props, 'employees'>) {
  const departments = useDepartments()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">Departments</legend>
      <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        {(departments.data ?? []).map((d) => (
          <label key={d.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.departmentIds.includes(d.id)}
              onChange={() => change({ departmentIds: toggled(form.departmentIds, d.id) })}
            />
            {d.name}
          </label>
        ))}
      </div>
      <FieldError id="cycle-departments-error" message={problems.departmentIds} />
    </fieldset>
  )
}

/** Chosen people: a search over the active employees, the chosen ones ticked. */
function People({ form, change, problems, employees }: Props) {
  const [search, setSearch] = useState('')
  const shown = useMemo(() => {
    const words = search.trim().toLowerCase()
    const matching = employees.filter((e) => `${e.firstName} ${e.lastName}`.toLowerCase().includes(words))
    return matching.slice(0, 50)
  }, [employees, search])
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm">{form.employeeIds.length} chosen</legend>
      <Input aria-label="Search people" placeholder="Search people…" value={search} onChange={(e) => setSearch(e.target.value)} />
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-lg border p-2">
        {shown.map((e) => (
          <label key={e.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.employeeIds.includes(e.id)}
              onChange={() => change({ employeeIds: toggled(form.employeeIds, e.id) })}
            />
            {e.firstName} {e.lastName}
            <span className="text-muted-foreground">{e.position}</span>
          </label>
        ))}
      </div>
      <FieldError id="cycle-employees-error" message={problems.employeeIds} />
    </fieldset>
  )
}

function StartDates({ form, change, problems }: Omit<Props, 'employees'>) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <TextField
        id="cycle-start-from"
        label="Started on or after"
        type="date"
        value={form.startFrom}
        error={problems.startFrom}
        onChange={(e) => change({ startFrom: e.target.value })}
      />
      <TextField
        id="cycle-start-to"
        label="Started on or before"
        type="date"
        value={form.startTo}
        error={problems.startTo}
        onChange={(e) => change({ startTo: e.target.value })}
      />
    </div>
  )
}

/** Who is in the cycle: everyone, departments, chosen people, or start dates in a range. */
export function PopulationFields(props: Props) {
  const { form, change } = props
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">Who is in it</h3>
      <ChoiceList
        name="population"
        label="Who is in it"
        choices={KINDS}
        value={form.kind}
        onChange={(kind) => change({ kind: kind as PopulationKind })}
      />
      {form.kind === 'departments' && <Departments {...props} />}
      {form.kind === 'employees' && <People {...props} />}
      {form.kind === 'start_dates' && <StartDates {...props} />}
      <p className="text-xs text-muted-foreground">Archived employees are never in a cycle.</p>
    </section>
  )
}
