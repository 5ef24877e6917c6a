import type { CsvRow } from '../api/bulk-upload-employees'

/** SPEC §3: the columns of a bulk upload; the first eight are required. */
export const CSV_COLUMNS = [
  'employeeId',
  'firstName',
  'lastName',
  'email',
  'department',
  'position',
  'startDate',
  'reviewSchedule',
  'managerId',
  'nextReviewDate',
] as const

export const TEMPLATE_FILE_NAME = 'employee-upload-template.csv'

export const TEMPLATE_CSV = [
  CSV_COLUMNS.join(','),
  'EMP1001,Jane,Doe,jane.doe@example.com,engineering,Software Engineer,2024-01-15,quarterly,,2027-04-15',
  'EMP1002,John,Smith,john.smith@example.com,sales,Account Executive,2024-03-01,monthly,EMP1001,2027-02-01',
].join('\n')

export type CsvParseResult = { ok: true; rows: CsvRow[] } | { ok: false; problem: 'empty' | 'no-rows' }

/**
 * SPEC §5: split on line breaks and commas, with no quote handling. The first line is the
 * header; each further non-blank line becomes an object keyed by it (missing cells are '').
 */
export function parseCsv(text: string): CsvParseResult {
  if (!text.trim()) return { ok: false, problem: 'empty' }
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  const [headerLine, ...dataLines] = lines
  if (!headerLine || dataLines.length === 0) return { ok: false, problem: 'no-rows' }
  const headers = headerLine.split(',').map((h) => h.trim())
  const rows = dataLines.map((line) => {
    const cells = line.split(',')
    const row: CsvRow = {}
    headers.forEach((header, i) => {
      if (header) row[header] = (cells[i] ?? '').trim()
    })
    return row
  })
  return { ok: true, rows }
}
