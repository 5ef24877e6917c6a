import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, downloadFile, saveBlob, unwrap, uploadFile } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** What the upload takes (the server checks too): at most 10MB; pdf, doc, docx, jpeg, png, gif and plain text. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024

export const ALLOWED_DOCUMENT_TYPES: Record<string, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'text/plain': ['.txt', '.text'],
}

export const DOCUMENT_ACCEPT = Object.entries(ALLOWED_DOCUMENT_TYPES)
  .flatMap(([mime, exts]) => [mime, ...exts])
  .join(',')

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** Browsers leave the type blank for some files; the extension speaks for them then. */
export function isAllowedDocument(file: { name: string; type: string }): boolean {
  const ext = extensionOf(file.name)
  if (file.type) return ALLOWED_DOCUMENT_TYPES[file.type]?.includes(ext) ?? false
  return Object.values(ALLOWED_DOCUMENT_TYPES).some((exts) => exts.includes(ext))
}

/** The title a new document gets by default: "Offer letter.final.pdf" → "Offer letter.final". */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(0, dot) : name
}

export const DOCUMENT_TYPES = [
  { value: 'contract', label: 'Contract' },
  { value: 'tax_form', label: 'Tax Form' },
  { value: 'emergency_contact', label: 'Emergency Contact' },
  { value: 'handbook', label: 'Handbook' },
  { value: 'policy', label: 'Policy' },
  { value: 'certificate', label: 'Certificate' },
  { value: 'other', label: 'Other' },
] as const

export type DocumentType = (typeof DOCUMENT_TYPES)[number]['value']

export type EmployeeDocument = ApiSchema<'EmployeeDocumentRead'>

export const employeeDocumentsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.employeeDocuments(employeeId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/employees/{employee_id}/documents', { params: { path: { employee_id: employeeId } }, signal })),
  })

export function useEmployeeDocuments(employeeId: number) {
  return useQuery(employeeDocumentsQueryOptions(employeeId))
}

export interface UploadDocumentInput {
  employeeId: number
  file: File
  documentType: DocumentType
  title: string
  description?: string
  /** Comma-separated in the form, an array on the wire. */
  tags: string[]
  expirationDate?: string
  signedDate?: string
  isConfidential: boolean
}

/** The two-step upload: a signed URL, the raw bytes by PUT, then the record. */
export async function uploadEmployeeDocument({ file, ...fields }: UploadDocumentInput) {
  const slot = await unwrap(api.POST('/api/upload/document'))
  await uploadFile(slot.uploadURL, file)
  return unwrap(
    api.POST('/api/employee-documents', {
      body: {
        ...fields,
        description: fields.description || undefined,
        expirationDate: fields.expirationDate || undefined,
        signedDate: fields.signedDate || undefined,
        filePath: slot.documentPath,
        fileName: file.name,
        fileSize: file.size,
        mimeType: file.type || undefined,
      },
    }),
  )
}

export function useUploadEmployeeDocument(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadEmployeeDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.employeeDocuments(employeeId) }),
  })
}

export function deleteEmployeeDocument(id: number) {
  return api.DELETE('/api/employee-documents/{document_id}', { params: { path: { document_id: id } } })
}

export function useDeleteEmployeeDocument(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteEmployeeDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.employeeDocuments(employeeId) }),
  })
}

/** Download is a GET on the document's filePath; the bytes are saved under its file name. */
export async function downloadEmployeeDocument(document: Pick<EmployeeDocument, 'filePath' | 'fileName'>) {
  saveBlob(await downloadFile(document.filePath), document.fileName)
}
