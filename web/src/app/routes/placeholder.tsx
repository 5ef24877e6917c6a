import { Construction } from 'lucide-react'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'

/** A screen that exists in the router and the sidebar but is not built yet. */
export default function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="p-4 sm:p-6 lg:p-8">
        <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
          <Construction aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="text-lg font-medium">This screen is not built yet.</p>
          <p className="max-w-md text-sm text-muted-foreground">
            {title} is part of Merit but has not been implemented in this version of the app.
          </p>
        </Card>
      </div>
    </>
  )
}
