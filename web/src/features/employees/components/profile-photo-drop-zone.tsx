import { ImagePlus } from 'lucide-react'
import { useId, useRef, useState, type DragEvent } from 'react'
import { cn } from '@/lib/utils'

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
const PHOTO_TYPES = ['image/png', 'image/jpeg']

/** Why a file cannot be the profile photo, or null when it can (PNG or JPG, up to 5MB). */
export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return 'Please choose a PNG or JPG image'
  if (file.size > MAX_PHOTO_BYTES) return 'The photo must be 5MB or smaller'
  return null
}

/**
 * The add dialog's profile photo drop zone (PNG, JPG up to 5MB). It checks the file
 * and shows its name; the photo is not part of the request (not wired to the payload).
 */
export function ProfilePhotoDropZone() {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  const choose = (file: File | undefined) => {
    if (!file) return
    const issue = photoProblem(file)
    setProblem(issue)
    setFileName(issue ? null : file.name)
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    choose(event.dataTransfer.files[0])
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium leading-none">Profile Photo</span>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors hover:bg-muted',
          dragging && 'border-primary bg-primary-soft',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-muted-foreground" />
        <span className="font-medium">{fileName ?? 'Drop a photo here or click to choose'}</span>
        <span className="text-xs text-muted-foreground">PNG, JPG up to 5MB</span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg"
        aria-label="Profile photo"
        className="sr-only"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
    </div>
  )
}
