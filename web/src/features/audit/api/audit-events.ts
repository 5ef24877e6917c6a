import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, saveBlob, unwrap } from '@/lib/api-client'
import type { operations } from '@/lib/api-schema'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type AuditEvent = ApiSchema<'AuditEventRead'>
export type AuditActor = ApiSchema<'AuditActorRead'>

type AuditQuery = NonNullable<operations['listAuditEvents']['parameters']['query']>

/** The log's filters as the screen keeps them ('' for none). */
export interface AuditFilters {
  actor: string
  resource: string
  action: string
  recordId: string
  from: string
  to: string
}

export interface AuditPage {
  items: AuditEvent[]
  /** Every event matching the filters (the X-Total-Count header). */
  total: number
}

function queryOf(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = {}
  if (filters.actor) query.actor = filters.actor
  if (filters.resource) query.resource = filters.resource
  if (filters.action) query.action = filters.action
  if (filters.recordId.trim()) query.recordId = filters.recordId.trim()
  if (filters.from) query.from = filters.from
  if (filters.to) query.to = filters.to
  return query
}

function pageOfReply(data: AuditEvent[] | undefined, response: Response): AuditPage {
  const items = data ?? []
  const total = Number(response.headers.get('X-Total-Count'))
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
}

/** GET /api/audit-events: one page of the log, newest first. */
export async function getAuditPage(
  filters: AuditFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = { ...queryOf(filters), page, pageSize }
  const { data, response } = await api.GET('/api/audit-events', { params: { query }, signal })
  return pageOfReply(data, response)
}

export function useAuditPage(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.auditPage({ ...filters, page, pageSize }),
    queryFn: ({ signal }) => getAuditPage(filters, page, pageSize, signal),
    // While another page or filter loads, keep showing the last one.
    placeholderData: keepPreviousData,
  })
}

/** Everyone the log names: the person filter's choices. */
export function useAuditActors() {
  return useQuery({
    queryKey: queryKeys.auditActors,
    queryFn: ({ signal }) => unwrap(api.GET('/api/audit-events/actors', { signal })),
  })
}

/** GET /api/audit-events/export with the screen's filters, saved by the browser. */
export async function downloadAuditCsv(filters: AuditFilters, today = new Date()): Promise<void> {
  const blob = await unwrap(
    api.GET('/api/audit-events/export', { params: { query: queryOf(filters) }, parseAs: 'blob' }),
  )
  const day = today.toLocaleDateString('en-CA')
  saveBlob(blob as Blob, `audit-log-${day}.csv`)
}

/** GET /api/employees/{id}/history: one page of what happened to one employee's records. */
export function useEmployeeHistory(employeeId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.employeeHistory(employeeId, page),
    queryFn: async ({ signal }) => {
      const { data, response } = await api.GET('/api/employees/{employee_id}/history', {
        params: { path: { employee_id: employeeId }, query: { page, pageSize } },
        signal,
      })
      return pageOfReply(data, response)
    },
    placeholderData: keepPreviousData,
  })
}
