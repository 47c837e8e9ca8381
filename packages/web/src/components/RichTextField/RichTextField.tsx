import '@mantine/tiptap/styles.css';
import { EDITOR_TOOLTIPS, EDITOR_UNDO_DEPTH, EDITOR_UNDO_GROUP_MS, HEADING_LEVELS } from '@app/domain';
import { ColorSwatch, Input, Menu, useMantineTheme } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import { IconIndentDecrease, IconIndentIncrease, IconLink, IconPalette, IconVariable } from '@tabler/icons-react';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { palette } from '../../theme';
import { LinkPrompt } from './LinkPrompt';
import { SafeLink } from './link';

export type RichTextFieldProps = {
  label?: string;
  /** HTML. */
  value: string | null | undefined;
  /** The new HTML, on every change. */
  onChange: (html: string) => void;
  /** Texts the Variables menu inserts at the cursor (e.g. '{{ booking.number }}'); no menu when empty. */
  variables?: readonly string[];
  description?: string;
  error?: string;
  required?: boolean;
};

const labels: Partial<RichTextEditorLabels> = {
  undoControlLabel: EDITOR_TOOLTIPS.undo,
  redoControlLabel: EDITOR_TOOLTIPS.redo,
  h1ControlLabel: EDITOR_TOOLTIPS.heading1,
  h2ControlLabel: EDITOR_TOOLTIPS.heading2,
  h3ControlLabel: EDITOR_TOOLTIPS.heading3,
  boldControlLabel: EDITOR_TOOLTIPS.bold,
  italicControlLabel: EDITOR_TOOLTIPS.italic,
  underlineControlLabel: EDITOR_TOOLTIPS.underline,
  linkControlLabel: EDITOR_TOOLTIPS.insertLink,
  unlinkControlLabel: EDITOR_TOOLTIPS.removeLink,
  bulletListControlLabel: EDITOR_TOOLTIPS.bulletList,
  hrControlLabel: EDITOR_TOOLTIPS.horizontalRule,
  unsetColorControlLabel: 'Aucune couleur',
};

/** Text colours besides none (primary, blue, green, orange, red), named as the theme palette. */
const TEXT_COLORS = [
  { name: 'primary', label: 'Principale' },
  { name: 'blue', label: 'Bleu' },
  { name: 'green', label: 'Vert' },
  { name: 'orange', label: 'Orange' },
  { name: 'red', label: 'Rouge' },
] as const;

export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    // The spec's history: 100 steps, typing grouped into one step until a 500 ms pause.
    undoRedo: { depth: EDITOR_UNDO_DEPTH, newGroupDelay: EDITOR_UNDO_GROUP_MS },
    // Replaced by SafeLink (allowed schemes, no opening on click, unknown links kept with an empty address).
    link: false,
    // Email bodies: nothing the toolbar cannot produce.
    code: false,
    codeBlock: false,
  }),
  SafeLink,
  TextStyle,
  Color,
];

// An empty editor says <p></p> where the record says '': not a difference worth replacing the content for.
const normalize = (html: string | null | undefined) => (!html || html === '<p></p>' ? '' : html);

/** A toolbar button with its tooltip (title) and accessible name. */
function Control({
  label,
  icon: Icon,
  onClick,
  isDisabled = false,
}: {
  label: string;
  icon: typeof IconLink;
  onClick: () => void;
  isDisabled?: boolean;
}) {
  return (
    <RichTextEditor.Control aria-label={label} title={label} onClick={onClick} disabled={isDisabled}>
      <Icon stroke={1.5} size={16} aria-hidden />
    </RichTextEditor.Control>
  );
}

function ColorControl() {
  const { editor } = useRichTextEditorContext();
  const theme = useMantineTheme();
  const hexOf = (name: keyof typeof palette) => {
    const [color, shade] = palette[name].split('.') as [string, string];
    return theme.colors[color]?.[Number(shade)] ?? color;
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <RichTextEditor.Control aria-label={EDITOR_TOOLTIPS.textColor} title={EDITOR_TOOLTIPS.textColor}>
          <IconPalette stroke={1.5} size={16} aria-hidden />
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => editor?.chain().focus().unsetColor().run()}>Aucune</Menu.Item>
        {TEXT_COLORS.map(({ name, label }) => (
          <Menu.Item
            key={name}
            leftSection={<ColorSwatch color={hexOf(name)} size={14} />}
            onClick={() => editor?.chain().focus().setColor(hexOf(name)).run()}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function IndentControls({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      canLift: current?.can().liftListItem('listItem') ?? false,
      canSink: current?.can().sinkListItem('listItem') ?? false,
    }),
  });
  return (
    <>
      <Control
        label={EDITOR_TOOLTIPS.outdent}
        icon={IconIndentDecrease}
        isDisabled={!state?.canLift}
        onClick={() => editor.chain().focus().liftListItem('listItem').run()}
      />
      <Control
        label={EDITOR_TOOLTIPS.indent}
        icon={IconIndentIncrease}
        isDisabled={!state?.canSink}
        onClick={() => editor.chain().focus().sinkListItem('listItem').run()}
      />
    </>
  );
}

function VariablesMenu({ editor, variables }: { editor: Editor; variables: readonly string[] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <RichTextEditor.Control aria-label={EDITOR_TOOLTIPS.variables} title={EDITOR_TOOLTIPS.variables}>
          <IconVariable stroke={1.5} size={16} aria-hidden />
        </RichTextEditor.Control>
      </Menu.Target>
      <Menu.Dropdown>
        {variables.map((variable) => (
          <Menu.Item
            key={variable}
            // As text, never as HTML: a variable is written as-is, whatever it holds.
            onClick={() => editor.chain().focus().insertContent({ type: 'text', text: variable }).run()}
          >
            {variable}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Rich-text field. Load it through LazyRichTextField so the editor stays out of the first bundle. */
export default function RichTextField({
  label,
  value,
  onChange,
  variables = [],
  description,
  error,
  required,
}: RichTextFieldProps) {
  const labelId = useId();
  const [linkPrompt, setLinkPrompt] = useState<{ url: string } | null>(null);
  const editor = useEditor({
    extensions: editorExtensions,
    content: value ?? '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-labelledby': labelId } : { 'aria-label': 'Texte' }),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });

  // Content given from outside (a template loaded, a reset) replaces what the editor shows.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalize(editor.getHTML()) === normalize(value)) return;
    editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const applyLink = (url: string) => {
    setLinkPrompt(null);
    if (!editor) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url === '') chain.unsetLink().run();
    else chain.setLink({ href: url }).run();
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      error={error}
      required={required}
      // The wrapper's own label id is on the label element; ours names the editor.
      labelProps={{ id: labelId }}
    >
      <RichTextEditor editor={editor} labels={labels} mt={label ? 4 : 0}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <ColorControl />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <Control
              label={EDITOR_TOOLTIPS.insertLink}
              icon={IconLink}
              isDisabled={!editor}
              onClick={() => setLinkPrompt({ url: String(editor?.getAttributes('link').href ?? '') })}
            />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            {editor && <IndentControls editor={editor} />}
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          {editor && variables.length > 0 && (
            <RichTextEditor.ControlsGroup>
              <VariablesMenu editor={editor} variables={variables} />
            </RichTextEditor.ControlsGroup>
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      <LinkPrompt
        opened={linkPrompt !== null}
        initialUrl={linkPrompt?.url ?? ''}
        onCancel={() => setLinkPrompt(null)}
        onSubmit={applyLink}
      />
    </Input.Wrapper>
  );
}
