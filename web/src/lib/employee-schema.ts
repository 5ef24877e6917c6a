import { z } from 'zod'
import { type ApiSchema, replySchema } from './api-types'

/** An employee as the API answers it (GET /api/employees and /api/employees/{id}); shared by
 * the employees list and the employee profile. */
export const employeeSchema = replySchema<ApiSchema<'EmployeeRead'>>()(
  z.object({
    id: z.number(),
    organizationId: z.number().nullish(),
    employeeId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullish(),
    department: z.string().nullish(),
    position: z.string().nullish(),
    startDate: z.string().nullish(),
    managerId: z.string().nullish(),
    reviewSchedule: z.string().nullish(),
    nextReviewDate: z.string().nullish(),
    profilePhotoUrl: z.string().nullish(),
    isArchived: z.boolean().default(false),
    createdAt: z.string().nullish(),
  }),
)

export type Employee = z.output<typeof employeeSchema>
