import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { afterDeferredFocus, jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { parseTags, uploadFailureMessage, UploadDocumentDialog } from './upload-document-dialog'

const user = () => userEvent.setup({ applyAccept: false })

function renderDialog() {
  const onOpenChange = vi.fn()
  renderWithProviders(<UploadDocumentDialog employeeId={5} open onOpenChange={onOpenChange} />)
  return { onOpenChange }
}

const pdf = (name = 'Offer Letter.v2.pdf') => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' })

function fileInput(): HTMLInputElement {
  return screen.getByLabelText('File', { selector: 'input' })
}

const savedDocument = {
  id: 9,
  employeeId: 5,
  documentType: 'contract',
  title: 'Offer Letter.v2',
  fileName: 'Offer Letter.v2.pdf',
  fileSize: 13,
  mimeType: 'application/pdf',
  filePath: '/api/employee-documents/files/abc',
  isConfidential: true,
  tags: ['offer', 'signed'],
  createdAt: '2026-01-05T10:00:00Z',
}

describe('UploadDocumentDialog', () => {
  it('defaults the title to the file name without its extension', async () => {
    mockApi({})
    renderDialog()
    await user().upload(fileInput(), pdf())
    expect(screen.getByLabelText('Title')).toHaveValue('Offer Letter.v2')
    expect(screen.getByText('Offer Letter.v2.pdf')).toBeInTheDocument()

    // Another file replaces a title that was only the default...
    await user().upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    expect(screen.getByLabelText('Title')).toHaveValue('notes')

    // ...but never one the person typed.
    await user().clear(screen.getByLabelText('Title'))
    await user().type(screen.getByLabelText('Title'), 'Signed contract')
    await user().upload(fileInput(), pdf('scan.pdf'))
    expect(screen.getByLabelText('Title')).toHaveValue('Signed contract')
  })

  it('refuses a file over 10MB with the size message', async () => {
    mockApi({})
    renderDialog()
    const big = pdf('huge.pdf')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user().upload(fileInput(), big)
    expect(await screen.findByText('File too large')).toBeInTheDocument()
    expect(screen.getByText('Please select a file smaller than 10MB')).toBeInTheDocument()
    expect(screen.queryByText('huge.pdf')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('')
  })

  it('accepts a file of exactly 10MB', async () => {
    mockApi({})
    renderDialog()
    const edge = pdf('edge.pdf')
    Object.defineProperty(edge, 'size', { value: 10 * 1024 * 1024 })
    await user().upload(fileInput(), edge)
    expect(screen.getByText('edge.pdf')).toBeInTheDocument()
    expect(screen.queryByText('File too large')).not.toBeInTheDocument()
  })

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['page.html', 'text/html'],
    ['report.pdf', 'image/png'],
    ['sheet.xlsx', ''],
  ])('refuses %s (%s) with the type message', async (name, type) => {
    mockApi({})
    renderDialog()
    await user().upload(fileInput(), new File(['x'], name, { type }))
    expect(await screen.findByText('Invalid file type')).toBeInTheDocument()
    expect(screen.getByText('Please select a PDF, Word document, image, or text file.')).toBeInTheDocument()
    expect(screen.queryByText(name)).not.toBeInTheDocument()
  })

  it.each([
    ['photo.JPG', 'image/jpeg'],
    ['memo.doc', 'application/msword'],
    ['memo.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['badge.gif', 'image/gif'],
    ['scan.png', 'image/png'],
    ['readme.txt', ''],
  ])('accepts %s', async (name, type) => {
    mockApi({})
    renderDialog()
    await user().upload(fileInput(), new File(['x'], name, { type }))
    expect(screen.getByText(name)).toBeInTheDocument()
    expect(screen.queryByText('Invalid file type')).not.toBeInTheDocument()
  })

  it('lists the required fields before calling the server', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    await user().click(screen.getByRole('button', { name: 'Upload Document' }))
    expect(await screen.findByText('No file selected')).toBeInTheDocument()
    expect(screen.getByText('Document type is required')).toBeInTheDocument()
    expect(screen.getByText('Title is required')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
    // The first field in error takes the focus, the file chooser, and keeps it.
    await afterDeferredFocus()
    expect(fileInput()).toHaveFocus()
  })

  it('refuses an expiration date before the signed date, on that field', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    const u = user()
    await u.upload(fileInput(), pdf())
    await u.selectOptions(screen.getByLabelText('Document Type'), 'contract')
    await u.type(screen.getByLabelText('Signed Date'), '2026-05-01')
    await u.type(screen.getByLabelText('Expiration Date'), '2025-01-01')
    await u.click(screen.getByRole('button', { name: 'Upload Document' }))

    expect(await screen.findByText('Expiration date cannot be before the signed date')).toBeInTheDocument()
    expect(screen.getByLabelText('Expiration Date')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
    await afterDeferredFocus()
    expect(screen.getByLabelText('Expiration Date')).toHaveFocus()
  })

  it('refuses a signed date outside 1900-01-01..2100-12-31, on that field', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    const u = user()
    await u.upload(fileInput(), pdf())
    await u.selectOptions(screen.getByLabelText('Document Type'), 'contract')
    await u.type(screen.getByLabelText('Signed Date'), '9999-12-31')
    await u.click(screen.getByRole('button', { name: 'Upload Document' }))

    expect(await screen.findByText('Signed date must be between 1900-01-01 and 2100-12-31')).toBeInTheDocument()
    expect(screen.getByLabelText('Signed Date')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Signed Date')).toHaveAttribute('max', '2100-12-31')
    expect(fetchMock).not.toHaveBeenCalled()
    await afterDeferredFocus()
    expect(screen.getByLabelText('Signed Date')).toHaveFocus()
  })

  it('uploads in two steps, then saves the record with tags as an array', async () => {
    const put = vi.fn(() => jsonResponse(200, { success: true }))
    const fetchMock = mockApi({
      'POST /api/upload/document': jsonResponse(200, {
        uploadURL: '/api/upload/document/abc?expires=1&sig=s',
        documentPath: '/api/employee-documents/files/abc',
      }),
      'PUT /api/upload/document/abc': put,
      'POST /api/employee-documents': jsonResponse(201, savedDocument),
    })
    const { onOpenChange } = renderDialog()
    const u = user()
    const file = pdf()
    await u.upload(fileInput(), file)
    await u.selectOptions(screen.getByLabelText('Document Type'), 'contract')
    await u.type(screen.getByLabelText('Tags'), 'offer, signed , ,offer')
    await u.type(screen.getByLabelText('Signed Date'), '2026-01-02')
    await u.click(screen.getByLabelText('Confidential (HR/Admin only)'))
    await u.click(screen.getByRole('button', { name: 'Upload Document' }))

    expect(await screen.findByText('Document uploaded')).toBeInTheDocument()
    const putCall = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(putCall?.[0]).toBe('/api/upload/document/abc?expires=1&sig=s')
    expect(putCall?.[1]?.body).toBe(file)
    expect(putCall?.[1]?.headers).toEqual({ 'Content-Type': 'application/pdf' })
    expect(putCall?.[1]?.credentials).toBe('include')
    expect(sentBody(fetchMock, '/api/employee-documents')).toEqual({
      employeeId: 5,
      documentType: 'contract',
      title: 'Offer Letter.v2',
      tags: ['offer', 'signed'],
      signedDate: '2026-01-02',
      isConfidential: true,
      filePath: '/api/employee-documents/files/abc',
      fileName: 'Offer Letter.v2.pdf',
      fileSize: file.size,
      mimeType: 'application/pdf',
    })
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it.each([
    [401, { message: 'Not authenticated' }, 'Please log in to upload documents.'],
    [403, { message: "You don't have permission to do this" }, "You don't have permission to upload documents."],
    [
      413,
      { message: 'File too large. Please select a file smaller than 10MB.' },
      'Failed to upload document: File too large. Please select a file smaller than 10MB.',
    ],
  ])('a %i from the upload shows its message', async (status, body, message) => {
    mockApi({
      'POST /api/upload/document': jsonResponse(200, {
        uploadURL: '/api/upload/document/abc?expires=1&sig=s',
        documentPath: '/api/employee-documents/files/abc',
      }),
      'PUT /api/upload/document/abc': jsonResponse(status, body),
    })
    const { onOpenChange } = renderDialog()
    const u = user()
    await u.upload(fileInput(), pdf())
    await u.selectOptions(screen.getByLabelText('Document Type'), 'other')
    await u.click(screen.getByRole('button', { name: 'Upload Document' }))
    const toast = (await screen.findByText('Upload failed')).closest('li') as HTMLElement
    expect(within(toast).getByText(message)).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it('falls back to the generic failure text', () => {
    expect(uploadFailureMessage(new Error(''))).toBe('Failed to upload document. Please try again.')
    expect(uploadFailureMessage(new Error('Network down'))).toBe('Failed to upload document: Network down')
    expect(uploadFailureMessage(new Error('401: Unauthorized'))).toBe('Please log in to upload documents.')
  })

  it('splits tags on commas', () => {
    expect(parseTags(' a, b ,,c, a ')).toEqual(['a', 'b', 'c'])
    expect(parseTags('')).toEqual([])
  })
})
