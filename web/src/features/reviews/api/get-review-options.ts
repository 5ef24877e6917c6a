import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

/** What Create Review offers: active employees and the templates (own keys under the shared prefix,
 * so the employees and templates screens refresh them when they change). */
const employeeOptionSchema = replySchema<ApiReply<'listEmployees'>[number]>()(
  z.object({
    id: z.number(),
    employeeId: z.string().nullish(),
    firstName: z.string(),
    lastName: z.string(),
    isArchived: z.boolean().nullish(),
    managerId: z.string().nullish(),
  }),
)

const templateOptionSchema = replySchema<ApiReply<'listTemplates'>[number]>()(
  z.object({
    id: z.number(),
    name: z.string(),
    isDefault: z.boolean().nullish(),
  }),
)

export type EmployeeOption = z.output<typeof employeeOptionSchema>
export type TemplateOption = z.output<typeof templateOptionSchema>

export const employeeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/employees', 'review-options'],
    queryFn: ({ signal }) => apiJson(z.array(employeeOptionSchema), 'GET', '/api/employees', undefined, { signal }),
  })

export const templateOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/templates', 'review-options'],
    queryFn: ({ signal }) => apiJson(z.array(templateOptionSchema), 'GET', '/api/templates', undefined, { signal }),
  })

export function useEmployeeOptions(enabled: boolean) {
  return useQuery({ ...employeeOptionsQueryOptions(), enabled })
}

export function useTemplateOptions(enabled: boolean) {
  return useQuery({ ...templateOptionsQueryOptions(), enabled })
}

/** Who reviews someone: each employee who is another's manager (the reporting line), by name. */
export function reviewersOf(employees: EmployeeOption[]): EmployeeOption[] {
  const managers = new Set(employees.map((e) => e.managerId).filter(Boolean))
  return employees
    .filter((e) => e.employeeId && managers.has(e.employeeId))
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))
}
