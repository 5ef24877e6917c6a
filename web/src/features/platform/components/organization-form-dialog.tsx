import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { useForm, useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { TextareaField, TextField } from '@/components/ui/text-field'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { useCreateOrganization, type CreateOrganizationBody, type CreatedOrganization } from '../api/create-organization'
import type { Organization } from '../api/organization'
import { useUpdateOrganization } from '../api/update-organization'
import { AccessFields } from './access-fields'
import { SetupLinkDialog } from './setup-link-dialog'
import { deriveSubdomain } from '../lib/derive-subdomain'
import {
  EMPTY_FORM,
  organizationFormSchema,
  SIZES,
  type OrganizationFormInput,
  type OrganizationFormValues,
} from '../lib/organization-form'
import { organizationAddress } from '@/lib/site'

interface OrganizationFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Edit this organisation; create a new one when absent. */
  organization?: Organization | null
}

function toForm(org: Organization): OrganizationFormInput {
  return {
    name: org.name,
    subdomain: org.subdomain,
    description: org.description ?? '',
    industry: org.industry ?? '',
    size: org.size ?? '',
    logoUrl: org.logoUrl ?? '',
    adminEmail: org.adminEmail ?? '',
    isActive: org.isActive,
    visibility: org.visibility,
    sendSetupLink: false,
  }
}

type Mode = 'create' | 'edit'
type OrganizationForm = UseFormReturn<OrganizationFormInput, unknown, OrganizationFormValues>

function createBody(values: OrganizationFormValues): CreateOrganizationBody {
  const body: CreateOrganizationBody = { name: values.name, subdomain: values.subdomain }
  for (const key of ['description', 'industry', 'size', 'logoUrl', 'adminEmail'] as const) {
    if (values[key]) body[key] = values[key]
  }
  // The server's defaults (open, first passwords) are left to it.
  if (values.visibility === 'need_to_know') body.visibility = 'need_to_know'
  if (values.sendSetupLink && values.adminEmail) body.sendSetupLink = true
  return body
}

/** What the new organisation's people sign in with, as the server set it up. */
function createdNote(org: CreatedOrganization): string {
  const where = `${org.name} is ready at ${organizationAddress(org.subdomain)}.`
  if (org.message) return `${where} ${org.message}`
  const passwords = [
    org.sharedAdminSignIn && `admin${org.subdomain}`,
    org.sharedManagerSignIn && `manager${org.subdomain}`,
  ].filter(Boolean)
  return `${where} First passwords: ${passwords.join(' and ')}.`
}

/** Sends the form: creates an organisation, or updates the one being edited. */
function useSaveOrganization(
  organization: Organization | null | undefined,
  onSaved: () => void,
  onFailed: (error: unknown, fallback: string) => void,
  onSetupLink: (org: CreatedOrganization) => void,
) {
  const create = useCreateOrganization()
  const update = useUpdateOrganization()

  const save = (values: OrganizationFormValues) => {
    if (!organization) {
      create.mutate(createBody(values), {
        onSuccess: (org) => {
          if (org.setupLink) onSetupLink(org)
          else toast({ title: 'Organization created', description: createdNote(org) })
          onSaved()
        },
        onError: (error) => onFailed(error, 'Failed to create organization'),
      })
      return
    }
    update.mutate(
      {
        id: organization.id,
        body: {
          name: values.name,
          subdomain: values.subdomain,
          description: values.description || null,
          industry: values.industry || null,
          size: values.size || null,
          logoUrl: values.logoUrl || null,
          adminEmail: values.adminEmail || null,
          isActive: values.isActive,
        },
      },
      {
        onSuccess: (org) => {
          toast({ title: 'Organization updated', description: `${org.name} was saved.` })
          onSaved()
        },
        onError: (error) => onFailed(error, 'Failed to update organization'),
      },
    )
  }

  return { save, pending: create.isPending || update.isPending }
}

/** The form, refilled each time the dialog opens; in the create form the subdomain follows the name until edited. */
function useOrganizationForm({ open, onOpenChange, organization }: OrganizationFormDialogProps) {
  const mode: Mode = organization ? 'edit' : 'create'
  const [subdomainTouched, setSubdomainTouched] = useState(mode === 'edit')
  const form = useForm<OrganizationFormInput, unknown, OrganizationFormValues>({
    resolver: zodResolver(organizationFormSchema(mode)),
    defaultValues: organization ? toForm(organization) : EMPTY_FORM,
  })
  const { reset, setError } = form

  useEffect(() => {
    if (open) reset(organization ? toForm(organization) : EMPTY_FORM)
  }, [open, organization, reset])
  // Opened again, or for another organisation: an existing subdomain is never rewritten from the name.
  useResetOnChange([open, organization], () => {
    if (open) setSubdomainTouched(Boolean(organization))
  })

  const close = () => {
    onOpenChange(false)
    reset(EMPTY_FORM)
  }

  const onServerError = (error: unknown, fallback: string) => {
    const message = errorMessage(error, fallback)
    if (errorStatus(error) === 409 || /subdomain/i.test(message)) setError('subdomain', { message })
    toast({ variant: 'destructive', title: 'Error', description: message })
  }

  const [created, setCreated] = useState<CreatedOrganization | null>(null)
  const { save, pending } = useSaveOrganization(organization, close, onServerError, setCreated)
  const onSubmit = form.handleSubmit(save)
  return { mode, form, subdomainTouched, setSubdomainTouched, close, onSubmit, pending, created, setCreated }
}

/** The id, invalid mark and error of one field, named after the form's own id. */
function fieldHelpers(ids: string, form: OrganizationForm) {
  const errors = form.formState.errors
  const field = (name: FieldPath<OrganizationFormInput>) => ({
    id: `${ids}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
  })
  const error = (name: FieldPath<OrganizationFormInput>) => (
    <FieldError id={`${ids}-${name}-error`} message={errors[name]?.message} />
  )
  return { field, error }
}

interface FieldsProps {
  ids: string
  form: OrganizationForm
  mode: Mode
}

interface NameAndSubdomainProps extends FieldsProps {
  subdomainTouched: boolean
  onSubdomainEdited: () => void
}

function NameAndSubdomainFields({ ids, form, mode, subdomainTouched, onSubdomainEdited }: NameAndSubdomainProps) {
  const { register, setValue, control } = form
  const { errors, isSubmitted } = form.formState
  const { field, error } = fieldHelpers(ids, form)
  const subdomain = useWatch({ control, name: 'subdomain' })
  return (
    <>
        <TextField
          id={`${ids}-name`}
          label="Organization Name *"
          className="sm:col-span-2"
          autoFocus
          error={errors.name?.message}
          {...register('name', {
            onChange: (event) => {
              if (!subdomainTouched) {
                setValue('subdomain', deriveSubdomain(event.target.value), { shouldValidate: isSubmitted })
              }
            },
          })}
        />

        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor={`${ids}-subdomain`}>Subdomain *</Label>
          <Input
            {...field('subdomain')}
            autoCapitalize="none"
            spellCheck={false}
            {...register('subdomain', { onChange: onSubdomainEdited })}
          />
          {errors.subdomain ? (
            error('subdomain')
          ) : (
            <p className="text-xs text-muted-foreground">
              {subdomain ? `Address: ${organizationAddress(subdomain.trim().toLowerCase())}` : 'Lowercase letters, numbers and hyphens.'}
              {mode === 'edit' && ' Changing it changes the code people sign in with.'}
            </p>
          )}
        </div>
    </>
  )
}

function DetailFields({ ids, form }: Omit<FieldsProps, 'mode'>) {
  const { register, control } = form
  const errors = form.formState.errors
  const { field, error } = fieldHelpers(ids, form)
  const size = useWatch({ control, name: 'size' })
  const sizes = size && !SIZES.includes(size as (typeof SIZES)[number]) ? [...SIZES, size] : SIZES
  return (
    <>
      <TextareaField
        id={`${ids}-description`}
        label="Description"
        className="sm:col-span-2"
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />

      <TextField
        id={`${ids}-industry`}
        label="Industry"
        placeholder="e.g. Technology"
        error={errors.industry?.message}
        {...register('industry')}
      />

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${ids}-size`}>Size</Label>
        <select
          {...field('size')}
          className="flex h-10 w-full rounded-lg border border-input bg-card px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/30"
          {...register('size')}
        >
          <option value="">Not specified</option>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s} employees
            </option>
          ))}
        </select>
        {error('size')}
      </div>
    </>
  )
}

function ContactFields({ ids, form, mode }: FieldsProps) {
  const { register } = form
  const errors = form.formState.errors
  return (
    <>
      <TextField
        id={`${ids}-logoUrl`}
        label="Logo URL"
        type="url"
        placeholder="https://"
        error={errors.logoUrl?.message}
        {...register('logoUrl')}
      />

      <TextField
        id={`${ids}-adminEmail`}
        label="Admin Email"
        type="email"
        placeholder="admin@company.com"
        error={errors.adminEmail?.message}
        {...register('adminEmail')}
      />

      {mode === 'edit' && (
        <label className="flex items-start gap-3 rounded-lg border p-3 sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...register('isActive')} />
          <span className="flex flex-col gap-0.5">
            <span className="text-sm font-medium">Active</span>
            <span className="text-xs text-muted-foreground">
              When off, nobody can sign in to this organization; they see that it has been deactivated.
            </span>
          </span>
        </label>
      )}
    </>
  )
}

/** Create Organization and Edit Organization, with the server's organisation rules. */
export function OrganizationFormDialog(props: OrganizationFormDialogProps) {
  const { onOpenChange } = props
  const { mode, form, subdomainTouched, setSubdomainTouched, close, onSubmit, pending, created, setCreated } =
    useOrganizationForm(props)
  const ids = useId()

  return (
    <>
    <SetupLinkDialog organization={created} onClose={() => setCreated(null)} />
    <Dialog open={props.open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{mode === 'create' ? 'Create Organization' : 'Edit Organization'}</DialogTitle>
          <DialogDescription>
            {mode === 'create'
              ? 'Creates the organization with its own private data space, default departments and review template.'
              : 'Renaming or changing the subdomain moves no data.'}
          </DialogDescription>
        </DialogHeader>

        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <NameAndSubdomainFields
            ids={ids}
            form={form}
            mode={mode}
            subdomainTouched={subdomainTouched}
            onSubdomainEdited={() => setSubdomainTouched(true)}
          />
          <DetailFields ids={ids} form={form} />
          <ContactFields ids={ids} form={form} mode={mode} />
          {mode === 'create' && <AccessFields form={form} />}

          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : mode === 'create' ? 'Create Organization' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
    </>
  )
}
