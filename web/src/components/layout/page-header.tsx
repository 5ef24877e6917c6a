import { CircleHelp, Plus, Search } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { Logo, PRODUCT_NAME } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip'
import { useAssistant } from '@/lib/assistant'
import { cn } from '@/lib/utils'
import { useDocumentTitle } from '@/lib/use-document-title'

export const HELP_LABEL = `Help - How to use ${PRODUCT_NAME}`

interface PageHeaderProps {
  title: string
  subtitle?: string
  search?: {
    placeholder: string
    value: string
    onChange: (value: string) => void
    /** Enter in the box: the search's text, trimmed (not called when blank). */
    onSubmit?: (value: string) => void
  }
  addButton?: {
    label: string
    onClick: () => void
    icon?: ReactNode
  }
}

/** The longest search the API takes (GET /api/employees?search=). */
export const SEARCH_MAX_LENGTH = 200

/** The header every screen shares; its help button opens the AI Assistant. */
export function PageHeader({ title, subtitle, search, addButton }: PageHeaderProps) {
  const { openAssistant } = useAssistant()
  const searchId = useId()
  useDocumentTitle(title)

  return (
    // On phones the header keeps to two rows: the title (with help, when there is no search)
    // and the search with its buttons; the mark and the subtitle show from the sm breakpoint up.
    <header className="flex flex-wrap items-center gap-3 border-b bg-card px-4 py-3 sm:px-6 sm:py-5 lg:flex-nowrap lg:justify-between lg:px-8">
      {/* flex-auto, not flex-1: a title that does not fit beside the buttons puts them below it. */}
      <div className="flex min-w-0 flex-auto items-center gap-3 lg:flex-1">
        <Logo showName={false} className="hidden sm:inline-flex" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle && <p className="hidden text-sm text-muted-foreground sm:block">{subtitle}</p>}
        </div>
      </div>
      <div className={cn('flex items-center gap-2', search && 'w-full sm:flex-wrap lg:w-auto lg:flex-nowrap')}>
        {search && (
          <div className="relative min-w-0 flex-1 sm:min-w-48 lg:w-72 lg:flex-none">
            <label htmlFor={searchId} className="sr-only">
              {search.placeholder.replace(/\.+$/, '')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              placeholder={search.placeholder}
              value={search.value}
              maxLength={SEARCH_MAX_LENGTH}
              onChange={(e) => search.onChange(e.target.value)}
              onKeyDown={(e) => {
                const text = e.currentTarget.value.trim()
                if (e.key === 'Enter' && search.onSubmit && text) search.onSubmit(text)
              }}
              className="pl-9"
            />
          </div>
        )}
        {addButton && (
          <Button onClick={addButton.onClick}>
            {addButton.icon ?? <Plus aria-hidden="true" />}
            {/* Beside a search on a phone, the icon alone: the label stays its name. */}
            <span className={cn(search && 'sr-only sm:not-sr-only')}>{addButton.label}</span>
          </Button>
        )}
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="outline" size="icon" aria-label={HELP_LABEL} onClick={() => openAssistant('ai')}>
              <CircleHelp aria-hidden="true" />
            </Button>
          </TooltipTrigger>
          <TooltipContent>{HELP_LABEL}</TooltipContent>
        </Tooltip>
      </div>
    </header>
  )
}
