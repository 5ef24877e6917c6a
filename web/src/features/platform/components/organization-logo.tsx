import { Building2 } from 'lucide-react'
import { useState } from 'react'
import { cn } from '@/lib/utils'

/** The organisation's logo, or a generic building icon when it has none (or it fails to load). */
export function OrganizationLogo({ url, name, className }: { url?: string | null; name: string; className?: string }) {
  const [broken, setBroken] = useState(false)
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-primary-soft text-primary',
        className,
      )}
    >
      {url && !broken ? (
        <img src={url} alt={`${name} logo`} className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        <Building2 aria-hidden="true" className="size-5" />
      )}
    </span>
  )
}
