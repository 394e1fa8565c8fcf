import '@mantine/tiptap/styles.css'
import { Text } from '@mantine/core'
import { RichTextEditor } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useMemo } from 'react'
import type { RichTextDocument } from '../../../../core/domain/site/rich-text.js'
import { deltaToEditor, editorToDelta, isAllowedLink, type EditorNode } from '../../../../core/domain/site/rich-text-editor.js'
import { useI18n } from '../../../lib/locale'

/**
 * A rich-text field that reads and writes the delta format the site renders: the editor
 * (Tiptap in Mantine's RichTextEditor) offers exactly what the format holds, and every change
 * is handed on as delta (domain/rich-text-editor.ts; the round trip is unit-tested).
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  lang,
}: {
  label: string
  value: RichTextDocument
  onChange: (value: RichTextDocument) => void
  error?: string | undefined
  lang?: string
}) {
  const { LL } = useI18n()
  const t = LL.editors.richText
  const id = useId()
  const content = useMemo(() => deltaToEditor(value), []) // eslint-disable-line react-hooks/exhaustive-deps -- the editor owns the text after the first render
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        hardBreak: false,
        heading: { levels: [1, 2, 3] },
        link: { openOnClick: false, autolink: false, isAllowedUri: (url) => isAllowedLink(url), protocols: ['internal', 'mailto', 'tel'] },
      }),
    ],
    content,
    editorProps: {
      attributes: {
        'aria-labelledby': `${id}-label`,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(lang ? { lang } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorToDelta(current.getJSON() as EditorNode)),
  })
  const labels = {
    boldControlLabel: t.bold(),
    italicControlLabel: t.italic(),
    underlineControlLabel: t.underline(),
    strikeControlLabel: t.strike(),
    h1ControlLabel: t.h1(),
    h2ControlLabel: t.h2(),
    h3ControlLabel: t.h3(),
    bulletListControlLabel: t.bulletList(),
    orderedListControlLabel: t.orderedList(),
    linkControlLabel: t.link(),
    unlinkControlLabel: t.unlink(),
    linkEditorInputLabel: t.link(),
    linkEditorInputPlaceholder: t.linkHint(),
    linkEditorSave: t.linkSave(),
    undoControlLabel: t.undo(),
    redoControlLabel: t.redo(),
  }
  return (
    <div>
      <Text fw={600} size="sm" id={`${id}-label`} mb={4}>
        {label}
      </Text>
      <RichTextEditor editor={editor} labels={labels} style={error ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}>
        <RichTextEditor.Toolbar aria-label={t.label()}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} className="rich-text-content" />
      </RichTextEditor>
      {error && (
        <Text size="sm" c="red.4" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  )
}
