import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, apiRequest, ApiError } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, type CheckedBody, replySchema } from '@/lib/api-types'
import { CERTIFICATION_TYPES_KEY, COMPLIANCE_KEY, EMPLOYEE_CERTIFICATIONS_KEY, employeeDocumentsKey } from './keys'
import { employeeSummarySchema, typeSummarySchema } from './summaries'

export type { EmployeeSummary } from './summaries'

// Lenient where the screens do not depend on a field, so a partial reply still renders.
export const employeeCertificationSchema = replySchema<ApiSchema<'EmployeeCertificationRead'>>()(
  z.object({
    id: z.number(),
    employeeId: z.number().optional(),
    certificationTypeId: z.number(),
    issueDate: z.string(),
    expirationDate: z.string().nullish(),
    certificateNumber: z.string().nullish(),
    attachmentUrl: z.string().nullish(),
    isActive: z.boolean().default(true),
    createdAt: z.string().nullish(),
    employee: employeeSummarySchema.nullish(),
    certificationType: typeSummarySchema.partial({ id: true, isRequired: true }).nullish(),
  }),
)

export type EmployeeCertification = z.output<typeof employeeCertificationSchema>

/** Every employee's certifications (archived employees left out). */
export const allCertificationsQueryOptions = () =>
  queryOptions({
    queryKey: [EMPLOYEE_CERTIFICATIONS_KEY],
    queryFn: ({ signal }) =>
      apiJson(z.array(employeeCertificationSchema), 'GET', EMPLOYEE_CERTIFICATIONS_KEY, undefined, { signal }),
  })

export function useAllCertifications() {
  return useQuery(allCertificationsQueryOptions())
}

export const employeeCertificationsKey = (employeeId: number) => [EMPLOYEE_CERTIFICATIONS_KEY, { employeeId }] as const

export const employeeCertificationsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeCertificationsKey(employeeId),
    queryFn: ({ signal }) =>
      apiJson(
        z.array(employeeCertificationSchema),
        'GET',
        `${EMPLOYEE_CERTIFICATIONS_KEY}?employeeId=${employeeId}`,
        undefined,
        { signal },
      ),
  })

export function useEmployeeCertifications(employeeId: number) {
  return useQuery(employeeCertificationsQueryOptions(employeeId))
}

/** The assign dialog always sends the issue date (the API leaves it optional). */
export type AssignCertificationInput = CheckedBody<
  'assignCertification',
  {
    employeeId: number
    certificationTypeId: number
    /** YYYY-MM-DD */
    issueDate: string
    expirationDate?: string
    certificateNumber?: string
    attachmentUrl?: string
    isActive: boolean
  }
>

export function assignCertification(body: AssignCertificationInput) {
  return apiJson(employeeCertificationSchema, 'POST', EMPLOYEE_CERTIFICATIONS_KEY, body)
}

const uploadSlotSchema = replySchema<ApiReply<'createDocumentUpload'>>()(
  z.object({ uploadURL: z.string(), documentPath: z.string() }),
)
const documentSchema = replySchema<ApiReply<'createEmployeeDocument'>>()(
  z.object({ id: z.number(), filePath: z.string() }),
)

/**
 * The attachment goes through the document upload (SPEC §7): a signed URL, the raw bytes by
 * PUT, then a 'certificate' document on the employee, so it is also listed with their
 * documents. Returns the path the certification's attachmentUrl points at.
 */
export async function uploadCertificateFile({ employeeId, file, title }: { employeeId: number; file: File; title: string }) {
  const slot = await apiJson(uploadSlotSchema, 'POST', '/api/upload/document')
  const put = await fetch(slot.uploadURL, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  })
  if (!put.ok) {
    const text = await put.text().catch(() => '')
    throw new ApiError(put.status, put.statusText, text)
  }
  const document = await apiJson(documentSchema, 'POST', '/api/employee-documents', {
    employeeId,
    documentType: 'certificate',
    title,
    filePath: slot.documentPath,
    fileName: file.name,
    fileSize: file.size,
    mimeType: file.type || undefined,
    tags: ['certification'],
    isConfidential: false,
  } satisfies ApiBody<'createEmployeeDocument'>)
  return document.filePath
}

function useRefreshCertifications() {
  const queryClient = useQueryClient()
  return (employeeId?: number) =>
    Promise.all([
      // The prefix refreshes the organisation-wide list and every profile's list.
      queryClient.invalidateQueries({ queryKey: [EMPLOYEE_CERTIFICATIONS_KEY] }),
      queryClient.invalidateQueries({ queryKey: [CERTIFICATION_TYPES_KEY] }),
      queryClient.invalidateQueries({ queryKey: [COMPLIANCE_KEY] }),
      employeeId === undefined
        ? undefined
        : queryClient.invalidateQueries({ queryKey: employeeDocumentsKey(employeeId) }),
    ])
}

export function updateEmployeeCertification(id: number, body: ApiBody<'updateEmployeeCertification'>) {
  return apiJson(employeeCertificationSchema, 'PUT', `${EMPLOYEE_CERTIFICATIONS_KEY}/${id}`, body)
}

export interface AssignWithFileInput extends AssignCertificationInput {
  file?: File | null
  typeName: string
}

export interface AssignResult {
  certification: EmployeeCertification
  /** The certification was assigned but its attachment could not be stored. */
  attachmentError?: unknown
}

/**
 * Assigns first, then uploads the attachment and links it: a refused assignment (say, an
 * overlapping one) leaves no stray document behind, and a failed upload loses no assignment.
 */
export function useAssignCertification() {
  const refresh = useRefreshCertifications()
  return useMutation({
    mutationFn: async ({ file, typeName, ...body }: AssignWithFileInput): Promise<AssignResult> => {
      const certification = await assignCertification(body)
      if (!file) return { certification }
      try {
        const attachmentUrl = await uploadCertificateFile({
          employeeId: body.employeeId,
          file,
          title: `${typeName} certificate`,
        })
        return { certification: await updateEmployeeCertification(certification.id, { attachmentUrl }) }
      } catch (attachmentError) {
        return { certification, attachmentError }
      }
    },
    onSuccess: (_data, input) => refresh(input.file ? input.employeeId : undefined),
  })
}

export function deleteEmployeeCertification(id: number) {
  return apiRequest('DELETE', `${EMPLOYEE_CERTIFICATIONS_KEY}/${id}`)
}

export function useDeleteEmployeeCertification() {
  const refresh = useRefreshCertifications()
  return useMutation({ mutationFn: deleteEmployeeCertification, onSuccess: () => refresh() })
}
