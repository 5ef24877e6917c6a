import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'

export type EmployeeOption = ApiSchema<'EmployeeRead'>
export type TemplateOption = ApiSchema<'TemplateRead'>

/** The templates a cycle may use (under the templates' own path: their screen refreshes it). */
export function useTemplateChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/templates', 'cycle-options'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/templates', { signal })),
    enabled,
  })
}

/** The active employees, for choosing a cycle's people one by one. */
export function useEmployeeChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/employees', 'cycle-options'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/employees', { signal })),
    enabled,
  })
}
