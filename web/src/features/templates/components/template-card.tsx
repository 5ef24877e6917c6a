import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Copy, Eye, MoreVertical, Pencil, Play, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { formatDate } from '@/lib/format'
import type { Template } from '../api/get-templates'

const menuItem =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted [&_svg]:size-4'

interface TemplateCardProps {
  template: Template
  onEdit: () => void
  onDuplicate: () => void
  onDelete: () => void
  onPreview: () => void
  onUse: () => void
}

function TemplateActions({ template, onEdit, onDuplicate, onDelete }: Omit<TemplateCardProps, 'onPreview' | 'onUse'>) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${template.name}`}>
          <MoreVertical aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-lg border bg-card p-1 shadow-lg">
          <DropdownMenu.Item className={menuItem} onSelect={onEdit}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItem} onSelect={onDuplicate}>
            <Copy aria-hidden="true" />
            Duplicate
          </DropdownMenu.Item>
          <DropdownMenu.Item className={`${menuItem} text-destructive`} onSelect={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

export function TemplateCard({ template, onEdit, onDuplicate, onDelete, onPreview, onUse }: TemplateCardProps) {
  const count = template.questions.length
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {/* Whole names wrap (up to 100 characters); cut at a line they were unreadable. */}
          <h2 className="line-clamp-3 break-words font-semibold" title={template.name}>
            {template.name}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
            {template.description || 'No description'}
          </p>
        </div>
        <TemplateActions template={template} onEdit={onEdit} onDuplicate={onDuplicate} onDelete={onDelete} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="secondary">
          {count} {count === 1 ? 'question' : 'questions'}
        </Badge>
        {template.isDefault && <Badge variant="outline">Default</Badge>}
        {template.createdAt && <span>Created {formatDate(template.createdAt)}</span>}
      </div>
      <div className="mt-auto flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={onPreview}>
          <Eye aria-hidden="true" />
          Preview
        </Button>
        <Button size="sm" className="flex-1" onClick={onUse}>
          <Play aria-hidden="true" />
          Use Template
        </Button>
      </div>
    </Card>
  )
}
