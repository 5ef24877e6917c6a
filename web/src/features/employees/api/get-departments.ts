import { type Department, useDepartments } from '@/lib/api/departments'

/** A department as the filter and the employee forms offer it (value: slug, label: name). */
export type DepartmentOption = Department

/** The departments for the filter and the employee forms. */
export function useDepartmentOptions() {
  return useDepartments()
}
