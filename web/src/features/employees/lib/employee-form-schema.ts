import { z } from '@/lib/zod'
import { localToday, withinDayRange } from '@/lib/date-range'
import { ADD_REVIEW_SCHEDULES, REVIEW_SCHEDULES, type Employee } from '../api/employee'
import type { CreateEmployeeBody } from '../api/create-employee'
import type { UpdateEmployeeBody } from '../api/update-employee'

/** The pattern zod's z.email() uses; the server checks addresses with the very same one. */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export const NO_MANAGER = 'none'

/** A real calendar day written as YYYY-MM-DD (2024-02-30 is not). */
export function isValidDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.host) && !/\s/.test(value)
  } catch {
    return false
  }
}

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must not exceed 50 characters`)

/** Department and position: optional, trimmed, at least 2 characters when given. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || v.length >= 2, `${label} must be at least 2 characters`)
    .refine((v) => v.length <= max, `${label} must not exceed ${max} characters`)

const email = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || (v.length <= 255 && EMAIL_PATTERN.test(v)), 'Invalid email format')

/** A date field: blank (when allowed) or a real day within the range the server accepts. */
const day = (label: string, message: string, { required }: { required: boolean }) =>
  withinDayRange(
    z
      .string()
      .trim()
      .refine((v) => (v === '' ? !required : isValidDay(v)), message),
    label,
  )

/** Add New Employee: the server's employee rules plus the add dialog's date rules. */
export const addEmployeeSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  department: optionalText('Department', 50),
  position: optionalText('Position', 100),
  startDate: day('Start date', 'Invalid start date', { required: true }).refine(
    (v) => !isValidDay(v) || v <= localToday(),
    'Start date cannot be in the future',
  ),
  managerId: z.string().trim().max(20, 'Manager ID must not exceed 20 characters'),
  reviewSchedule: z.enum(ADD_REVIEW_SCHEDULES),
  nextReviewDate: day('Next review date', 'Invalid next review date', { required: false }).refine(
    (v) => !isValidDay(v) || v >= localToday(),
    'Next review date cannot be in the past',
  ),
})

export type AddEmployeeInput = z.input<typeof addEmployeeSchema>
export type AddEmployeeValues = z.output<typeof addEmployeeSchema>

export const addEmployeeDefaults = (): AddEmployeeInput => ({
  firstName: '',
  lastName: '',
  email: '',
  department: '',
  position: '',
  startDate: localToday(),
  managerId: NO_MANAGER,
  reviewSchedule: 'quarterly',
  nextReviewDate: '',
})

const managerOrNull = (value: string) => (value === '' || value === NO_MANAGER ? null : value)

/** The POST body: empty optional values left out, managerId null when there is none. */
export function toCreateBody(values: AddEmployeeValues): CreateEmployeeBody {
  const body: CreateEmployeeBody = {
    firstName: values.firstName,
    lastName: values.lastName,
    startDate: values.startDate,
    managerId: managerOrNull(values.managerId),
    reviewSchedule: values.reviewSchedule,
  }
  if (values.email) body.email = values.email
  if (values.department) body.department = values.department
  if (values.position) body.position = values.position
  if (values.nextReviewDate) body.nextReviewDate = values.nextReviewDate
  return body
}

/** Edit Employee: the employee fields with the server's rules (no add-dialog date rules). */
export const editEmployeeSchema = z.object({
  employeeId: z
    .string()
    .trim()
    .min(3, 'Employee ID must be between 3 and 20 characters')
    .max(20, 'Employee ID must be between 3 and 20 characters'),
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email,
  department: optionalText('Department', 50),
  position: optionalText('Position', 100),
  startDate: day('Start date', 'Invalid start date', { required: true }),
  managerId: z.string().trim().max(20, 'Manager ID must not exceed 20 characters'),
  reviewSchedule: z.enum(REVIEW_SCHEDULES),
  nextReviewDate: day('Next review date', 'Invalid next review date', { required: false }),
  profilePhotoUrl: z
    .string()
    .trim()
    .refine((v) => v.length <= 500, 'Profile photo URL must not exceed 500 characters')
    .refine((v) => v === '' || v.length > 500 || isHttpUrl(v), 'Invalid profile photo URL'),
})

export type EditEmployeeInput = z.input<typeof editEmployeeSchema>
export type EditEmployeeValues = z.output<typeof editEmployeeSchema>

/** The fields an employee record needs for the edit form; other callers' types fit too. */
export type EditableEmployee = Pick<Employee, 'id' | 'employeeId' | 'firstName' | 'lastName'> &
  Partial<
    Pick<
      Employee,
      | 'email'
      | 'department'
      | 'position'
      | 'startDate'
      | 'managerId'
      | 'reviewSchedule'
      | 'nextReviewDate'
      | 'profilePhotoUrl'
    >
  >

export function editEmployeeDefaults(employee: EditableEmployee): EditEmployeeInput {
  const schedule = REVIEW_SCHEDULES.find((s) => s === employee.reviewSchedule) ?? 'quarterly'
  return {
    employeeId: employee.employeeId,
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email ?? '',
    department: employee.department ?? '',
    position: employee.position ?? '',
    startDate: employee.startDate?.slice(0, 10) ?? '',
    managerId: employee.managerId ?? NO_MANAGER,
    reviewSchedule: schedule,
    nextReviewDate: employee.nextReviewDate?.slice(0, 10) ?? '',
    profilePhotoUrl: employee.profilePhotoUrl ?? '',
  }
}

/** The PUT body: every field, blanks as null so clearing a field clears it; 'none' → null. */
export function toUpdateBody(values: EditEmployeeValues): UpdateEmployeeBody {
  return {
    employeeId: values.employeeId,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email || null,
    department: values.department || null,
    position: values.position || null,
    startDate: values.startDate || null,
    nextReviewDate: values.nextReviewDate || null,
    managerId: managerOrNull(values.managerId),
    reviewSchedule: values.reviewSchedule,
    profilePhotoUrl: values.profilePhotoUrl || null,
  }
}

/** Field messages in the order the fields appear, for 'Please fix the following errors:'. */
export function errorList(errors: Partial<Record<string, { message?: string } | undefined>>, order: readonly string[]) {
  return order.map((name) => errors[name]?.message).filter((m): m is string => Boolean(m))
}
