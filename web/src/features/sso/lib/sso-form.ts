import { z } from '@/lib/zod'
import type { SsoSettings, SsoSettingsBody } from '../api/sso-settings'

export const SECRET_REQUIRED = 'Please enter the client secret'
export const SECRET_AGAIN = 'Please enter the client secret again: the issuer or client ID changed'
export const ISSUER_SHAPE = 'The issuer URL must be a web address such as https://login.example.com/tenant'

const WEB_ADDRESS = /^https?:\/\/[^\s/?#@\\]+[^\s?#\\]*$/i

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '')

/**
 * The form's rules, the server's own: it checks them again. The stored secret is never sent
 * back, so the field stays empty to keep it; a new issuer or client ID needs it typed again,
 * since the stored one only ever goes to the provider it was entered for.
 */
export function ssoFormSchema(saved: SsoSettings | undefined) {
  return z
    .object({
      displayName: z.string().trim().min(1, 'Please enter the provider name shown on the sign-in button').max(100),
      issuer: z.string().trim().min(1, 'Please enter the issuer URL').max(500).regex(WEB_ADDRESS, ISSUER_SHAPE),
      clientId: z.string().trim().min(1, 'Please enter the client ID').max(255),
      clientSecret: z.string().max(2000),
      unknownEmails: z.enum(['refuse', 'create']),
      enabled: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (values.clientSecret.trim()) return
      if (!saved?.configured || !saved.clientSecretSet) {
        ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: SECRET_REQUIRED })
      } else if (!sameIssuer(values.issuer, saved.issuer ?? '') || values.clientId !== saved.clientId) {
        ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: SECRET_AGAIN })
      }
    })
}

export type SsoFormInput = z.input<ReturnType<typeof ssoFormSchema>>
export type SsoFormValues = z.output<ReturnType<typeof ssoFormSchema>>

/** The form's fields for the saved settings (the secret always empty). */
export function formValues(saved: SsoSettings | undefined): SsoFormInput {
  return {
    displayName: saved?.displayName ?? '',
    issuer: saved?.issuer ?? '',
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    unknownEmails: saved?.unknownEmails ?? 'refuse',
    // A first set-up is switched on unless the administrator says otherwise.
    enabled: saved?.configured ? saved.enabled : true,
  }
}

export function requestBody(values: SsoFormValues): SsoSettingsBody {
  const { clientSecret, ...rest } = values
  const secret = clientSecret.trim()
  return secret ? { ...rest, clientSecret: secret } : rest
}
