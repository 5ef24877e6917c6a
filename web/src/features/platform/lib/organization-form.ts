import { z } from '@/lib/zod'

export const SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const

const optional = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`)

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The server's organisation rules; the create form allows 50 subdomain characters, edit 63. */
export function organizationFormSchema(mode: 'create' | 'edit') {
  const maxSubdomain = mode === 'create' ? 50 : 63
  return z.object({
    name: z
      .string()
      .trim()
      .min(2, 'Organization name must be at least 2 characters')
      .max(100, 'Organization name must be at most 100 characters'),
    subdomain: z
      .string()
      .trim()
      .toLowerCase()
      .min(3, 'Subdomain must be at least 3 characters')
      .max(maxSubdomain, `Subdomain must be at most ${maxSubdomain} characters`)
      .regex(/^[a-z0-9-]+$/, 'Subdomain can only contain lowercase letters, numbers, and hyphens')
      .refine((v) => !v.startsWith('-') && !v.endsWith('-'), 'Subdomain cannot start or end with a hyphen'),
    description: optional(500, 'Description'),
    industry: optional(50, 'Industry'),
    size: optional(20, 'Size'),
    logoUrl: optional(500, 'Logo URL').refine((v) => v === '' || isWebUrl(v), 'Logo URL must be a valid URL'),
    adminEmail: z
      .string()
      .trim()
      .max(255, 'Admin email must be at most 255 characters')
      .refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid email address'),
    isActive: z.boolean(),
    // Create only: who sees what in the new organisation, and a set-up link for its administrator.
    visibility: z.enum(['open', 'need_to_know']),
    sendSetupLink: z.boolean(),
  })
}

export type OrganizationFormInput = z.input<ReturnType<typeof organizationFormSchema>>
export type OrganizationFormValues = z.output<ReturnType<typeof organizationFormSchema>>

export const EMPTY_FORM: OrganizationFormInput = {
  name: '',
  subdomain: '',
  description: '',
  industry: '',
  size: '',
  logoUrl: '',
  adminEmail: '',
  isActive: true,
  visibility: 'open',
  sendSetupLink: false,
}
