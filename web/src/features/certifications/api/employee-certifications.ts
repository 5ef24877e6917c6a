import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, uploadFile } from '@/lib/api-client'
import { type EmployeeCertification, employeeCertificationsQueryOptions } from '@/lib/api/employee-certifications'
import type { ApiBody, CheckedBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export { type EmployeeCertification, employeeCertificationsQueryOptions } from '@/lib/api/employee-certifications'

/** The employee embedded in certification and compliance replies. */
export type EmployeeSummary = NonNullable<EmployeeCertification['employee']>

/** Every employee's certifications (archived employees left out). */
export const allCertificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.certifications,
    queryFn: ({ signal }) => unwrap(api.GET('/api/employee-certifications', { signal })),
  })

export function useAllCertifications() {
  return useQuery(allCertificationsQueryOptions())
}

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
  return unwrap(api.POST('/api/employee-certifications', { body }))
}

/**
 * The attachment goes through the document upload: a signed URL, the raw bytes by PUT, then a
 * 'certificate' document on the employee, so it is also listed with their documents. Returns
 * the path the certification's attachmentUrl points at.
 */
export async function uploadCertificateFile({ employeeId, file, title }: { employeeId: number; file: File; title: string }) {
  const slot = await unwrap(api.POST('/api/upload/document'))
  await uploadFile(slot.uploadURL, file)
  const document = await unwrap(
    api.POST('/api/employee-documents', {
      body: {
        employeeId,
        documentType: 'certificate',
        title,
        filePath: slot.documentPath,
        fileName: file.name,
        fileSize: file.size,
        mimeType: file.type || undefined,
        tags: ['certification'],
        isConfidential: false,
      },
    }),
  )
  return document.filePath
}

function useRefreshCertifications() {
  const queryClient = useQueryClient()
  return (employeeId?: number) =>
    Promise.all([
      // The prefix refreshes the organisation-wide list and every profile's list.
      queryClient.invalidateQueries({ queryKey: queryKeys.certifications }),
      queryClient.invalidateQueries({ queryKey: queryKeys.certificationTypes }),
      queryClient.invalidateQueries({ queryKey: queryKeys.compliance }),
      employeeId === undefined
        ? undefined
        : queryClient.invalidateQueries({ queryKey: queryKeys.employeeDocuments(employeeId) }),
    ])
}

export function updateEmployeeCertification(id: number, body: ApiBody<'updateEmployeeCertification'>) {
  return unwrap(
    api.PUT('/api/employee-certifications/{certification_id}', { params: { path: { certification_id: id } }, body }),
  )
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
  return api.DELETE('/api/employee-certifications/{certification_id}', {
    params: { path: { certification_id: id } },
  })
}

export function useDeleteEmployeeCertification() {
  const refresh = useRefreshCertifications()
  return useMutation({ mutationFn: deleteEmployeeCertification, onSuccess: () => refresh() })
}
