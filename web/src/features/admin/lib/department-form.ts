import { z } from '@/lib/zod'

/** The server's department rules: name 2-50; slug 2-50 of lowercase letters, digits, hyphens, underscores; description ≤200. */
export const departmentFormSchema = z.object({
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
  description: z.string().trim().max(200, 'Description must not exceed 200 characters'),
})

export type DepartmentFormInput = z.input<typeof departmentFormSchema>
export type DepartmentFormValues = z.output<typeof departmentFormSchema>
