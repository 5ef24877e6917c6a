import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight, Building2, ChevronRight, ShieldCheck } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'wouter'
import { z } from '@/lib/zod'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { useScreenToast } from '@/lib/use-screen-toast'
import type { ToastOptions } from '@/lib/use-toast'
import { errorMessage, errorStatus, RequestTimeoutError } from '@/lib/api-client'
import { organizationAddress } from '@/lib/site'
import { useOrgLogin, type LoginOrganization } from '../api/org-login'

export const ORG_NOT_FOUND_MESSAGE = 'Organization not found. Please check your organization code.'

const orgCodeSchema = z.object({
  code: z.string().trim().toLowerCase().min(1, 'Please enter your organization code'),
})

type OrgCodeInput = z.input<typeof orgCodeSchema>
type OrgCodeValues = z.output<typeof orgCodeSchema>

interface OrgCodeFormProps {
  defaultCode?: string
  /** Look the default code up at once (an organisation's own address): the form shows only if that fails. */
  findNow?: boolean
  onFound: (organization: LoginOrganization) => void
  onHome: () => void
}

function orgLoginError(error: unknown): ToastOptions {
  if (error instanceof RequestTimeoutError) {
    return {
      variant: 'destructive',
      title: 'Connection Timeout',
      description: 'The server took too long to respond. Please check your connection and try again.',
    }
  }
  if (errorStatus(error) === 404) return { variant: 'destructive', title: 'Error', description: ORG_NOT_FOUND_MESSAGE }
  return { variant: 'destructive', title: 'Error', description: errorMessage(error, 'Unable to reach Merit. Please try again.') }
}

function Breadcrumb({ onHome }: { onHome: () => void }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1 text-sm text-muted-foreground">
        <li>
          <button
            type="button"
            onClick={onHome}
            className="rounded font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Home
          </button>
        </li>
        <li aria-hidden="true">
          <ChevronRight className="size-4" />
        </li>
        <li aria-current="page">Organization</li>
      </ol>
    </nav>
  )
}

/**
 * Looks the code up and hands the organization on. With `findNow` the default code is looked up
 * at once, and `finding` stays true until that lookup fails.
 */
function useOrgCodeForm({ defaultCode = '', findNow = false, onFound }: OrgCodeFormProps) {
  const orgLogin = useOrgLogin()
  const errorToast = useScreenToast()
  const form = useForm<OrgCodeInput, unknown, OrgCodeValues>({
    resolver: zodResolver(orgCodeSchema),
    defaultValues: { code: defaultCode },
  })

  const [finding, setFinding] = useState(findNow && defaultCode.trim() !== '')
  const onSubmit = form.handleSubmit(({ code }) => {
    errorToast.clear()
    orgLogin.mutate(code, {
      onSuccess: ({ organization }) => onFound(organization),
      onError: (error) => {
        setFinding(false)
        errorToast.show(orgLoginError(error))
      },
    })
  })
  const started = useRef(false)
  useEffect(() => {
    if (!finding || started.current) return
    started.current = true
    void onSubmit()
  }, [finding, onSubmit])

  return { form, onSubmit, finding, checking: orgLogin.isPending }
}

/** Step one of sign-in: which organization (subdomain) the person belongs to. */
export function OrgCodeForm(props: OrgCodeFormProps) {
  const { form, onSubmit, finding, checking } = useOrgCodeForm(props)
  const errors = form.formState.errors

  if (finding) return <Spinner label={`Opening the sign-in of ${props.defaultCode ?? ''}`} />

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb onHome={props.onHome} />

      <div className="flex flex-col gap-2">
        <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <Building2 aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Sign in to your organization</h1>
        <p className="text-sm text-muted-foreground">Enter the organization code your company uses with Merit.</p>
      </div>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor="org-code">Organization code</Label>
          <Input
            id="org-code"
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            placeholder="e.g. acme"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? 'org-code-error' : 'org-code-hint'}
            {...form.register('code')}
          />
          {errors.code ? (
            <FieldError id="org-code-error" message={errors.code.message} />
          ) : (
            <p id="org-code-hint" className="text-xs text-muted-foreground">
              It is the first part of your Merit address, such as <span className="font-medium">acme</span> in{' '}
              {organizationAddress('acme')}.
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={checking}>
          {checking ? 'Checking...' : 'Continue'}
          {!checking && <ArrowRight aria-hidden="true" />}
        </Button>
      </form>

      <p className="flex items-center justify-center gap-1.5 border-t pt-4 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-4" />
        Platform administrator?
        <Link href="/super-admin" className="font-medium text-primary hover:underline">
          Super admin sign-in
        </Link>
      </p>
    </div>
  )
}
