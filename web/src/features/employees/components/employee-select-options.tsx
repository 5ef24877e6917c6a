import type { ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'
import type { Employee } from '../api/employee'
import { useDepartmentOptions, type DepartmentOption } from '../api/get-departments'
import { useEmployees } from '../api/get-employees'
import { NO_MANAGER } from '../lib/employee-form-schema'

export interface FormOptions {
  departments: DepartmentOption[]
  employees: Employee[]
}

/**
 * Renders the form once the department and manager choices are known, so a select never
 * shows a value before its option exists. If a list fails, the form still opens without it.
 */
export function WithOptions({ children }: { children: (options: FormOptions) => ReactNode }) {
  const departments = useDepartmentOptions()
  const employees = useEmployees()
  if (departments.isPending || employees.isPending) return <Spinner label="Loading form" />
  return <>{children({ departments: departments.data ?? [], employees: employees.data ?? [] })}</>
}

export function DepartmentOptions({ departments, current }: { departments: DepartmentOption[]; current?: string }) {
  const known = new Set(departments.map((d) => d.slug))
  return (
    <>
      <option value="">No department</option>
      {current && !known.has(current) && <option value={current}>{current}</option>}
      {departments.map((d) => (
        <option key={d.id} value={d.slug}>
          {d.name}
        </option>
      ))}
    </>
  )
}

/** Everyone who can be a manager: not the employee themself; the current manager always listed. */
export function ManagerOptions({
  employees,
  self,
  current,
}: {
  employees: Employee[]
  self?: string
  current?: string
}) {
  const candidates = employees.filter((e) => e.employeeId !== self)
  const listed = current && current !== NO_MANAGER && !candidates.some((e) => e.employeeId === current)
  return (
    <>
      <option value={NO_MANAGER}>No manager</option>
      {listed && <option value={current}>{current}</option>}
      {candidates.map((e) => (
        <option key={e.id} value={e.employeeId}>
          {`${e.firstName} ${e.lastName} (${e.employeeId})`}
        </option>
      ))}
    </>
  )
}
