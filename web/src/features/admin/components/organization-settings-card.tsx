import { Building2, ImageUp, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { useResetOnChange } from '@/lib/use-reset-on-change'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  uploadLogo,
  useOrganization,
  useUpdateOrganization,
  type Organization,
} from '../api/organization'

function nameError(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed.length < 2) return 'Organization name must be at least 2 characters'
  if (trimmed.length > 100) return 'Organization name must be at most 100 characters'
  return undefined
}

type OrganizationUpdate = ReturnType<typeof useUpdateOrganization>

const failed = (title: string) => (err: unknown) =>
  toast({ variant: 'destructive', title, description: errorMessage(err, 'Please try again.') })

/** Why a chosen logo file cannot be used, if it cannot. */
function logoFileProblem(file: File): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Please choose a PNG, JPEG, GIF or WebP image.'
  if (file.size > LOGO_MAX_BYTES) return 'File too large. Please select an image smaller than 2MB.'
  return undefined
}

/** Uploading and removing the logo; the hidden file input is cleared after each choice. */
function useLogo(organization: Organization, update: OrganizationUpdate) {
  const [uploading, setUploading] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = ''
    if (!file) return
    const problem = logoFileProblem(file)
    if (problem) {
      toast({ variant: 'destructive', title: 'Failed to upload logo', description: problem })
      return
    }
    setUploading(true)
    try {
      const logoUrl = await uploadLogo(file)
      await update.mutateAsync({ name: organization.name, logoUrl })
      toast({ title: 'Logo updated', description: 'The new logo is shown in the banner.' })
    } catch (err) {
      failed('Failed to upload logo')(err)
    } finally {
      setUploading(false)
    }
  }

  const removeLogo = () => {
    update.mutate(
      { name: organization.name, logoUrl: null },
      {
        onSuccess: () => toast({ title: 'Logo removed' }),
        onError: failed('Failed to update organization'),
      },
    )
  }

  return { uploading, fileInput, onFile, removeLogo }
}

interface SectionProps {
  organization: Organization
  update: OrganizationUpdate
  uploading: boolean
}

function OrganizationNameField({ organization, update, uploading }: SectionProps) {
  const [name, setName] = useState(organization.name)
  const [error, setError] = useState<string>()
  const nameId = useId()

  // The field shows the saved name again whenever that changes (saved, or renamed elsewhere).
  useResetOnChange([organization], () => setName(organization.name))

  const save = () => {
    const problem = nameError(name)
    setError(problem)
    if (problem) return
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => toast({ title: 'Organization updated', description: 'The new name is shown everywhere.' }),
        onError: failed('Failed to update organization'),
      },
    )
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={nameId}>Organization name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={nameId}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
        />
        <Button onClick={save} disabled={update.isPending || name.trim() === organization.name}>
          {update.isPending && !uploading ? 'Saving...' : 'Save'}
        </Button>
      </div>
      <FieldError id={`${nameId}-error`} message={error} />
    </div>
  )
}

interface LogoFieldProps {
  organization: Organization
  update: OrganizationUpdate
  logo: ReturnType<typeof useLogo>
}

function OrganizationLogoField({ organization, update, logo }: LogoFieldProps) {
  const { uploading, fileInput, onFile, removeLogo } = logo
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">Logo</span>
      <div className="flex flex-wrap items-center gap-4">
        {organization.logoUrl ? (
          <img
            src={organization.logoUrl}
            alt={`${organization.name} logo`}
            className="size-16 rounded-xl border bg-card object-contain"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <Building2 aria-label="No logo yet" className="size-7" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={uploading}>
            <ImageUp aria-hidden="true" />
            {uploading ? 'Uploading...' : 'Upload Logo'}
          </Button>
          {organization.logoUrl && (
            <Button variant="ghost" onClick={removeLogo} disabled={uploading || update.isPending}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={LOGO_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Logo image file"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </div>
      <p className="text-xs text-muted-foreground">PNG, JPEG, GIF or WebP, up to 2 MB.</p>
    </div>
  )
}

function OrganizationSettingsFields({ organization }: { organization: Organization }) {
  const update = useUpdateOrganization()
  const logo = useLogo(organization, update)
  return (
    <>
      <OrganizationNameField organization={organization} update={update} uploading={logo.uploading} />
      <OrganizationLogoField organization={organization} update={update} logo={logo} />
    </>
  )
}

/** Organization Settings: the name and logo shown in the banner and sidebar. */
export function OrganizationSettingsCard() {
  const { data: organization, isPending } = useOrganization()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization Settings</CardTitle>
        <CardDescription>The name and logo everyone sees in the banner and the sidebar.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {isPending || !organization ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-16 w-40" />
          </div>
        ) : (
          <OrganizationSettingsFields organization={organization} />
        )}
      </CardContent>
    </Card>
  )
}
