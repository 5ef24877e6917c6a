import Papa from 'papaparse'
import type { CsvRow } from '../api/bulk-upload-employees'

/** The columns of a bulk upload; the first eight are required. */
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

export type CsvParseResult =
  | { ok: true; rows: CsvRow[] }
  | { ok: false; problem: 'empty' | 'no-rows' | 'unreadable-header' }

/**
 * RFC 4180 as spreadsheets write it (quoted values with commas or line breaks, doubled quotes,
 * CRLF, a BOM). The first record is the header; each further non-blank record becomes an
 * object keyed by it (missing cells are ''). Used to check the text before it is sent: the
 * server reads the same text again and reports each line it cannot read as that row's error.
 */
export function parseCsv(text: string): CsvParseResult {
  if (!text.trim()) return { ok: false, problem: 'empty' }
  const { data, errors } = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [header, ...records] = data
  if (!header) return { ok: false, problem: 'empty' }
  // A quote the header never closes swallows the whole file into it.
  if (errors.some((e) => e.row === 0 && e.type === 'Quotes')) return { ok: false, problem: 'unreadable-header' }
  if (records.length === 0) return { ok: false, problem: 'no-rows' }
  const headers = header.map((h) => h.trim())
  const rows = records.map((cells) => {
    const row: CsvRow = {}
    headers.forEach((name, i) => {
      if (name) row[name] = (cells[i] ?? '').trim()
    })
    return row
  })
  return { ok: true, rows }
}
