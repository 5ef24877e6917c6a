import { FileQuestionMark } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'

/** What any path without a screen shows, signed in or not. */
export default function NotFoundPage() {
  return (
    <div className="flex min-h-[60dvh] flex-1 items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <FileQuestionMark aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-2">
          <Link href="/">Go to the start page</Link>
        </Button>
      </div>
    </div>
  )
}
