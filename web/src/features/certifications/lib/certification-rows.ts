import { humanize } from '@/lib/format'
import type { RequiredTypeCompliance } from '../api/compliance'
import type { EmployeeCertification, EmployeeSummary } from '../api/employee-certifications'
import { toCsv } from './csv'
import { CERTIFICATION_STATUSES, displayStatus, type CertificationStatus, type DisplayStatus } from './certification-status'

/** One line of the certifications overview: the record, its status today and who holds it. */
export interface Row {
  certification: EmployeeCertification
  shown: DisplayStatus
  employeeName: string
  department: string
}

export interface Filters {
  search: string
  status: CertificationStatus | 'all'
  typeId: string
  department: string
}

export const NO_FILTERS: Filters = { search: '', status: 'all', typeId: '', department: '' }

export const fullName = (e?: Pick<EmployeeSummary, 'firstName' | 'lastName'> | null) =>
  e ? `${e.firstName} ${e.lastName}`.trim() : 'Unknown employee'

export const departmentLabel = (e?: Pick<EmployeeSummary, 'department' | 'departmentName'> | null) =>
  e?.departmentName ?? (e?.department ? humanize(e.department) : '')

export function toRows(certifications: readonly EmployeeCertification[], today: Date): Row[] {
  return certifications.map((certification) => ({
    certification,
    shown: displayStatus(certification.expirationDate, today),
    employeeName: fullName(certification.employee),
    department: departmentLabel(certification.employee),
  }))
}

/** The department and search filters, applied to a person (with more text to search in, if given). */
export function matchesEmployee(e: EmployeeSummary | null | undefined, filters: Filters, extra = ''): boolean {
  if (filters.department && (e?.department ?? '') !== filters.department) return false
  const needle = filters.search.trim().toLowerCase()
  if (!needle) return true
  const haystack = `${fullName(e)} ${e?.employeeId ?? ''} ${extra}`.toLowerCase()
  return haystack.includes(needle)
}

export function filterRows(rows: readonly Row[], filters: Filters): Row[] {
  return rows.filter(({ certification: c, shown }) => {
    if (filters.status !== 'all' && shown.status !== filters.status) return false
    if (filters.typeId && String(c.certificationTypeId) !== filters.typeId) return false
    return matchesEmployee(c.employee, filters, `${c.certificationType?.name ?? ''} ${c.certificateNumber ?? ''}`)
  })
}

/**
 * How many rows have each status. The counts follow the search, type and department filters,
 * never the status filter: they are how one picks a status.
 */
export function statusCounts(rows: readonly Row[], filters: Filters): Record<CertificationStatus, number> {
  const result = Object.fromEntries(CERTIFICATION_STATUSES.map((s) => [s, 0])) as Record<CertificationStatus, number>
  for (const row of filterRows(rows, { ...filters, status: 'all' })) result[row.shown.status] += 1
  return result
}

const byName = (a: [unknown, string], b: [unknown, string]) => a[1].localeCompare(b[1])

/** [id, name] of every certification type held or required, by name. */
export function typeOptions(rows: readonly Row[], compliance: readonly RequiredTypeCompliance[]): [number, string][] {
  const seen = new Map<number, string>()
  for (const { certification: c } of rows) seen.set(c.certificationTypeId, c.certificationType?.name ?? '')
  for (const entry of compliance) seen.set(entry.certificationType.id, entry.certificationType.name)
  return [...seen].sort(byName)
}

/** [slug, name] of every department of the people listed, by name. */
export function departmentOptions(rows: readonly Row[], compliance: readonly RequiredTypeCompliance[]): [string, string][] {
  const seen = new Map<string, string>()
  const add = (e?: EmployeeSummary | null) => {
    if (e?.department) seen.set(e.department, departmentLabel(e))
  }
  for (const { certification: c } of rows) add(c.employee)
  for (const entry of compliance) [...entry.missing, ...entry.expired].forEach(add)
  return [...seen].sort(byName)
}

export function certificationsCsv(rows: readonly Row[]): string {
  return toCsv([
    [
      'Employee ID',
      'First Name',
      'Last Name',
      'Department',
      'Certification',
      'Issuing Organization',
      'Certificate Number',
      'Issue Date',
      'Expiration Date',
      'Status',
      'Days Until Expiry',
      'Active',
    ],
    ...rows.map(({ certification: c, shown, department }) => [
      c.employee?.employeeId,
      c.employee?.firstName,
      c.employee?.lastName,
      department,
      c.certificationType?.name,
      c.certificationType?.issuingOrganization,
      c.certificateNumber,
      c.issueDate,
      c.expirationDate,
      shown.label,
      shown.daysUntilExpiry,
      c.isActive ? 'Yes' : 'No',
    ]),
  ])
}
