import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, apiRequest, ApiError } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'

/** SPEC §9: at most 10MB; pdf, doc, docx, jpeg, png, gif and plain text. */
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

/** "Offer letter.final.pdf" → "Offer letter.final" (SPEC §5 title default). */
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

export const employeeDocumentSchema = replySchema<ApiSchema<'EmployeeDocumentRead'>>()(
  z.object({
    id: z.number(),
    employeeId: z.number(),
    documentType: z.string(),
    title: z.string(),
    description: z.string().nullish(),
    fileName: z.string(),
    fileSize: z.number(),
    mimeType: z.string(),
    filePath: z.string(),
    uploadedBy: z.string().nullish(),
    isConfidential: z.boolean().default(false),
    expirationDate: z.string().nullish(),
    signedDate: z.string().nullish(),
    tags: z.array(z.string()).default([]),
    createdAt: z.string(),
  }),
)

export type EmployeeDocument = z.output<typeof employeeDocumentSchema>

export const employeeDocumentsKey = (employeeId: number) => [`/api/employees/${employeeId}/documents`] as const

export const employeeDocumentsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeDocumentsKey(employeeId),
    queryFn: ({ signal }) =>
      apiJson(z.array(employeeDocumentSchema), 'GET', `/api/employees/${employeeId}/documents`, undefined, {
        signal,
      }),
  })

export function useEmployeeDocuments(employeeId: number) {
  return useQuery(employeeDocumentsQueryOptions(employeeId))
}

const uploadSlotSchema = replySchema<ApiReply<'createDocumentUpload'>>()(
  z.object({ uploadURL: z.string(), documentPath: z.string() }),
)

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

/** The two-step upload (SPEC §7): a signed URL, the raw bytes by PUT, then the record. */
export async function uploadEmployeeDocument({ file, ...fields }: UploadDocumentInput) {
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
  return apiJson(employeeDocumentSchema, 'POST', '/api/employee-documents', {
    ...fields,
    description: fields.description || undefined,
    expirationDate: fields.expirationDate || undefined,
    signedDate: fields.signedDate || undefined,
    filePath: slot.documentPath,
    fileName: file.name,
    fileSize: file.size,
    mimeType: file.type || undefined,
  } satisfies ApiBody<'createEmployeeDocument'>)
}

export function useUploadEmployeeDocument(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadEmployeeDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeDocumentsKey(employeeId) }),
  })
}

export function deleteEmployeeDocument(id: number) {
  return apiRequest('DELETE', `/api/employee-documents/${id}`)
}

export function useDeleteEmployeeDocument(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteEmployeeDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeDocumentsKey(employeeId) }),
  })
}

/** Download is a GET on the document's filePath; the bytes are saved under its file name. */
export async function downloadEmployeeDocument(document: Pick<EmployeeDocument, 'filePath' | 'fileName'>) {
  const res = await apiRequest('GET', document.filePath)
  const blob = await res.blob()
  const url = URL.createObjectURL(blob)
  try {
    const link = window.document.createElement('a')
    link.href = url
    link.download = document.fileName
    link.rel = 'noopener'
    window.document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
