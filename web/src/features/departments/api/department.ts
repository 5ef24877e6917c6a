import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { type ApiSchema, replySchema } from '@/lib/api-types'

export const DEPARTMENTS_KEY = '/api/departments'
/** Employees carry their department's slug; a renamed slug changes them too. */
const EMPLOYEES_KEY = '/api/employees'

export const departmentSchema = replySchema<ApiSchema<'DepartmentRead'>>()(
  z.looseObject({
    id: z.number(),
    organizationId: z.number().nullish(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullish(),
    isDefault: z.boolean().default(false),
    /** How many employees (archived ones too) belong to the department. */
    employeeCount: z.number().default(0),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  }),
)

export type Department = z.output<typeof departmentSchema>

/** SPEC §5: name 2-50; slug 2-50 of lowercase letters, digits, hyphens, underscores; description ≤200. */
export const departmentInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Department name is required')
    .min(2, 'Department name must be at least 2 characters')
    .max(50, 'Department name must not exceed 50 characters'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .min(2, 'Slug must be at least 2 characters')
    .max(50, 'Slug must not exceed 50 characters')
    .regex(/^[a-z0-9_-]+$/, 'Slug may only contain lowercase letters, numbers, hyphens and underscores'),
  description: z.string().trim().max(200, 'Description must not exceed 200 characters').optional(),
})

export type DepartmentInput = z.output<typeof departmentInputSchema>

/** SPEC §8: a 409 or an 'already exists' reply means the slug is taken ('Duplicate Department Slug'). */
export function isDuplicateSlugError(error: unknown): boolean {
  return errorStatus(error) === 409 || errorMessage(error, '').toLowerCase().includes('already exists')
}

export async function refreshDepartments(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] }),
    queryClient.invalidateQueries({ queryKey: [EMPLOYEES_KEY] }),
  ])
}
