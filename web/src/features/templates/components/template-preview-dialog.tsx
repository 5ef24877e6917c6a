import { Badge } from '@/components/ui/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { QUESTION_TYPE_LABELS, type Question, type Template } from '../api/get-templates'

function AnswerShape({ question }: { question: Question }) {
  switch (question.type) {
    case 'rating': {
      const scale = question.scale ?? 5
      return (
        <div className="flex gap-1" aria-label={`Rating from 1 to ${scale}`}>
          {Array.from({ length: scale }, (_, i) => (
            <span key={i} className="flex size-8 items-center justify-center rounded-md border text-sm">
              {i + 1}
            </span>
          ))}
        </div>
      )
    }
    case 'multiple-choice':
      return (
        <ul className="flex flex-col gap-1 text-sm">
          {(question.options ?? []).map((option) => (
            <li key={option} className="flex items-center gap-2">
              <span aria-hidden="true" className="size-3.5 rounded-full border" />
              {option}
            </li>
          ))}
        </ul>
      )
    case 'yes-no':
      return <p className="text-sm text-muted-foreground">Yes / No</p>
    default:
      return <div aria-hidden="true" className="h-14 rounded-md border border-dashed" />
  }
}

/** The template as a reviewer will see it. */
export function TemplatePreviewDialog({
  template,
  onOpenChange,
}: {
  template: Template | null
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {template && (
          <>
            <DialogHeader>
              <DialogTitle>{template.name}</DialogTitle>
              <DialogDescription>{template.description || 'No description'}</DialogDescription>
            </DialogHeader>
            <ol className="flex flex-col gap-4">
              {template.questions.map((question, index) => (
                <li key={question.id} className="flex flex-col gap-2 rounded-lg border p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      {index + 1}. {question.question}
                    </span>
                    <Badge variant="outline">{QUESTION_TYPE_LABELS[question.type]}</Badge>
                    {question.required && <Badge variant="secondary">Required</Badge>}
                  </div>
                  <AnswerShape question={question} />
                </li>
              ))}
            </ol>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
