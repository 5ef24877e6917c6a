import { z } from '@/lib/zod'

/** Toasts about password resets stay up a little longer (7 seconds): they carry instructions. */
export const RESET_TOAST_MS = 7000

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'

const atLeast8 = z.string().min(8, 'Password must be at least 8 characters long')

/** The reset-with-token form: a token, 8+ characters, a digit, a letter, a special one. */
export const tokenResetSchema = z
  .object({
    token: z.string().trim().min(1, 'Reset token is required'),
    newPassword: atLeast8
      .regex(/\d/, 'Password must contain at least one number')
      .regex(/[A-Za-z]/, 'Password must contain at least one letter')
      .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })

export type TokenResetValues = z.output<typeof tokenResetSchema>

/** The reset-link page: 8-128 characters, digit, lowercase, uppercase and special. */
export const linkResetSchema = z
  .object({
    newPassword: atLeast8
      .max(128, 'Password must be at most 128 characters long')
      .regex(/\d/, 'Password must contain at least one number')
      .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
      .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
      .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })

export type LinkResetValues = z.output<typeof linkResetSchema>

/** Forgot password: required and shaped like an e-mail address. */
export const forgotPasswordSchema = z.object({
  email: z
    .string()
    .trim()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  organizationCode: z.string().trim().toLowerCase().optional(),
})
