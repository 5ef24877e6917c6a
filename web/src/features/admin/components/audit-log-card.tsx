import { ArrowRight, ScrollText } from 'lucide-react'
import { Link } from 'wouter'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

/** Audit Log: the way to /audit-log, where every change is listed. */
export function AuditLogCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit Log</CardTitle>
        <CardDescription>Every change, sign-in and export: who, when, what and from where.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" asChild>
          <Link href="/audit-log">
            <ScrollText aria-hidden="true" />
            Open Audit Log
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
