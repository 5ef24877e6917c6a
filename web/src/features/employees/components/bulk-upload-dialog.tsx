import { CheckCircle2, Download, FileUp, XCircle } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/use-toast'
import { errorMessage } from '@/lib/api-client'
import { failureText, useBulkUploadEmployees, type BulkUploadResult } from '../api/bulk-upload-employees'
import { CSV_COLUMNS, parseCsv, TEMPLATE_CSV, TEMPLATE_FILE_NAME } from '../lib/parse-csv'

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV)}`
const NO_ROWS = 'The CSV needs a header line and at least one employee row.'
const UNREADABLE_HEADER = 'The header line has a quote (") that is never closed.'
// About 25,000 rows: more than one upload should hold, and well under the API's 20 MB.
const CSV_FILE_MAX_BYTES = 5 * 1024 * 1024

interface BulkUploadDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Bulk Employee Upload: CSV input, then the results, then Upload More or Done. */
export function BulkUploadDialog({ open, onOpenChange }: BulkUploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <BulkUpload onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

/** The CSV text, its upload, and the result once the server has answered. */
function useBulkUpload() {
  const upload = useBulkUploadEmployees()
  const [csv, setCsv] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<BulkUploadResult | null>(null)

  const loadFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    // Checked before the text box gets it: megabytes of binary there freeze the page.
    if (file.size > CSV_FILE_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Please choose a CSV file smaller than 5MB' })
      return
    }
    const text = await file.text()
    if (text.includes('\u0000')) {
      toast({ variant: 'destructive', title: 'Not a CSV file', description: 'Please choose a CSV text file' })
      return
    }
    setCsv(text)
    setProblem(null)
  }

  const submit = () => {
    const parsed = parseCsv(csv)
    if (!parsed.ok) {
      if (parsed.problem === 'empty') {
        setProblem(null)
        toast({ variant: 'destructive', title: 'CSV Data Required', description: 'Please paste your CSV data before uploading' })
      } else {
        setProblem(parsed.problem === 'no-rows' ? NO_ROWS : UNREADABLE_HEADER)
        toast({ variant: 'destructive', title: 'Invalid CSV Format', description: 'Please check your CSV format and try again' })
      }
      return
    }
    setProblem(null)
    upload.mutate(csv, {
      onSuccess: (answer) => {
        setResult(answer)
        toast({
          title: 'Bulk Upload Completed',
          description: `Successfully imported ${answer.successful.length} of ${answer.total} employees`,
        })
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Upload Failed', description: errorMessage(error, 'Upload failed') }),
    })
  }

  const uploadMore = () => {
    setResult(null)
    setCsv('')
  }

  return { csv, setCsv, problem, result, loadFile, submit, uploadMore, uploading: upload.isPending }
}

function CsvSourceButtons({ onFile }: { onFile: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" asChild>
        <a href={TEMPLATE_HREF} download={TEMPLATE_FILE_NAME}>
          <Download aria-hidden="true" />
          Download Template
        </a>
      </Button>
      <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
        <FileUp aria-hidden="true" />
        Load CSV File
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        tabIndex={-1}
        className="hidden"
        aria-label="CSV file"
        onChange={onFile}
      />
    </div>
  )
}

function BulkUpload({ onDone }: { onDone: () => void }) {
  const { csv, setCsv, problem, result, loadFile, submit, uploadMore, uploading } = useBulkUpload()
  const textId = useId()

  if (result) return <Results result={result} onUploadMore={uploadMore} onDone={onDone} />

  return (
    <>
      <DialogHeader>
        <DialogTitle>Bulk Employee Upload</DialogTitle>
        <DialogDescription>
          Paste CSV data with a header line. Required columns: {CSV_COLUMNS.slice(0, 8).join(', ')}. Optional:{' '}
          {CSV_COLUMNS.slice(8).join(', ')}.
        </DialogDescription>
      </DialogHeader>
      <CsvSourceButtons onFile={loadFile} />
      <div className="flex flex-col gap-2">
        <Label htmlFor={textId}>CSV Data</Label>
        <Textarea
          id={textId}
          rows={10}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          placeholder={`${CSV_COLUMNS.join(',')}\nEMP1001,Jane,Doe,jane.doe@example.com,engineering,Software Engineer,2024-01-15,quarterly,,`}
          className="font-mono text-xs"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${textId}-problem` : undefined}
        />
        {problem && (
          <p id={`${textId}-problem`} role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={uploading}>
          {uploading ? 'Uploading...' : 'Upload Employees'}
        </Button>
      </DialogFooter>
    </>
  )
}

function Results({
  result,
  onUploadMore,
  onDone,
}: {
  result: BulkUploadResult
  onUploadMore: () => void
  onDone: () => void
}) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Upload Results</DialogTitle>
        <DialogDescription>
          Successfully imported {result.successful.length} of {result.total} employees. Row numbers count the header
          as row 1 and skip blank lines.
        </DialogDescription>
      </DialogHeader>
      {result.successful.length > 0 && (
        <section aria-labelledby="bulk-imported" className="flex flex-col gap-2">
          <h3 id="bulk-imported" className="flex items-center gap-2 text-sm font-semibold text-success">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Imported ({result.successful.length})
          </h3>
          <ul className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm">
            {result.successful.map((s) => (
              <li key={`${s.row}-${s.employeeId}`} className="flex justify-between gap-3 px-3 py-1.5">
                <span>{s.name}</span>
                <span className="text-muted-foreground">
                  {s.employeeId} · Row {s.row}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.failed.length > 0 && (
        <section aria-labelledby="bulk-failed" className="flex flex-col gap-2">
          <h3 id="bulk-failed" className="flex items-center gap-2 text-sm font-semibold text-destructive">
            <XCircle aria-hidden="true" className="size-4" />
            Not imported ({result.failed.length})
          </h3>
          <ul className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm">
            {result.failed.map((f) => (
              <li key={f.row} className="px-3 py-1.5">
                <span className="font-medium">Row {f.row}:</span> {failureText(f.error)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onUploadMore}>
          Upload More
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  )
}
