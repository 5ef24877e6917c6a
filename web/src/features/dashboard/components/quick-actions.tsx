import { FileDown, FilePlus, Upload, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/lib/use-toast'
import { downloadReviewsReport } from '../api/download-report'

interface QuickActionsProps {
  onAddEmployee: () => void
  onCreateTemplate: () => void
  onBulkUpload: () => void
}

/** Quick Actions (admins only); Generate Report downloads a CSV of reviews. */
export function QuickActions({ onAddEmployee, onCreateTemplate, onBulkUpload }: QuickActionsProps) {
  const [downloading, setDownloading] = useState(false)

  const generateReport = async () => {
    setDownloading(true)
    try {
      const name = await downloadReviewsReport()
      toast({ title: 'Report downloaded', description: name })
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to generate the report. Please try again.' })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
        <Button variant="outline" className="justify-start" onClick={onAddEmployee}>
          <UserPlus aria-hidden="true" />
          Add Employee
        </Button>
        <Button variant="outline" className="justify-start" onClick={onCreateTemplate}>
          <FilePlus aria-hidden="true" />
          Create Template
        </Button>
        <Button variant="outline" className="justify-start" onClick={onBulkUpload}>
          <Upload aria-hidden="true" />
          Bulk Upload
        </Button>
        <Button variant="outline" className="justify-start" disabled={downloading} onClick={generateReport}>
          <FileDown aria-hidden="true" />
          {downloading ? 'Generating...' : 'Generate Report'}
        </Button>
      </CardContent>
    </Card>
  )
}
