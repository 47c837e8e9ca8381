import { cleanNotifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AFTER_CLOSE, INTERACTION_SUITE } from '../test-utils';
import { LazyRichTextField } from './LazyRichTextField';
import RichTextField, { editorExtensions } from './RichTextField';

// jsdom has no layout: ProseMirror measures with these while handling clicks and scrolling the cursor into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const noRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= noRect;
  (Text.prototype as Partial<Pick<Element, 'getClientRects'>>).getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
});

afterEach(() => {
  act(() => cleanNotifications());
  vi.restoreAllMocks();
});

/**
 * Puts the editor's selection on `text` (or a caret at `text`'s start + offset) the way a browser would: a DOM
 * selection, then the selectionchange event ProseMirror listens to. jsdom cannot place it from a click.
 */
function select(text: string, { caretAt }: { caretAt?: number } = {}) {
  const box = editorBox();
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent?.includes(text)) node = walker.nextNode();
  if (!node) throw new Error(`Texte introuvable : ${text}`);
  const start = (node.textContent ?? '').indexOf(text);
  const range = document.createRange();
  range.setStart(node, caretAt === undefined ? start : start + caretAt);
  range.setEnd(node, caretAt === undefined ? start + text.length : start + caretAt);
  act(() => {
    box.focus();
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
  });
}

const TOOLTIPS = [
  'Annuler',
  'Rétablir',
  'Titre 1',
  'Titre 2',
  'Titre 3',
  'Gras',
  'Italique',
  'Souligner',
  'Couleur du texte',
  'Insérer un lien',
  'Retirer un lien',
  'Liste à puces',
  'Diminuer le retrait',
  'Augmenter le retrait',
  'Séparateur',
  'Variables',
];

function Harness({ initial = '<p>Bonjour</p>', variables }: { initial?: string; variables?: string[] }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextField label="Corps du message" value={html} onChange={setHtml} variables={variables} />
      <output data-testid="html">{html}</output>
      <button type="button" onClick={() => setHtml('<h2>Nouveau modèle</h2>')}>
        Charger un modèle
      </button>
    </>
  );
}

const editorBox = () => screen.getByRole('textbox', { name: 'Corps du message' });
const html = () => screen.getByTestId('html').textContent;

describe('RichTextField', INTERACTION_SUITE, () => {
  it('has every toolbar tooltip, word for word, with Variables only when variables are given', async () => {
    renderWithProviders(<Harness variables={['{{ booking.number }}']} />);
    await screen.findByText('Bonjour');
    for (const tooltip of TOOLTIPS) {
      const control = screen.getByRole('button', { name: tooltip });
      expect(control).toHaveAttribute('title', tooltip);
    }
  });

  it('has no Variables menu without variables', async () => {
    renderWithProviders(<Harness />);
    await screen.findByText('Bonjour');
    expect(screen.getByRole('button', { name: 'Gras' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Variables' })).not.toBeInTheDocument();
  });

  it('emits the new HTML on every change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="" />);
    await user.click(editorBox());
    await user.keyboard('Vol');
    await waitFor(() => expect(html()).toBe('<p>Vol</p>'));
  });

  it('inserts the chosen variable at the cursor', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Harness initial="<p>Vol du fin</p>" variables={['{{ booking.number }}', '{{ flight.date }}']} />,
    );
    await screen.findByText('Vol du fin');
    select('fin', { caretAt: 0 });
    await user.click(screen.getByRole('button', { name: 'Variables' }));
    await user.click(await screen.findByRole('menuitem', { name: '{{ flight.date }}', hidden: true }));
    await waitFor(() => expect(html()).toBe('<p>Vol du {{ flight.date }}fin</p>'));
  });

  it('sets a link with an allowed scheme on the selection', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="<p>Site</p>" />);
    await screen.findByText('Site');
    select('Site');
    await user.click(screen.getByRole('button', { name: 'Insérer un lien' }));
    await user.type(await screen.findByRole('textbox', { name: 'Adresse du lien' }), 'https://ballons.fr');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() =>
      expect(html()).toContain(
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://ballons.fr">Site</a>',
      ),
    );
  });

  it('refuses a scheme that is not allowed, keeping the prompt open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="<p>Site</p>" />);
    await screen.findByText('Site');
    select('Site');
    await user.click(screen.getByRole('button', { name: 'Insérer un lien' }));
    await user.type(await screen.findByRole('textbox', { name: 'Adresse du lien' }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(/Adresse refusée/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Adresse du lien' })).toBeInTheDocument();
    expect(html()).toBe('<p>Site</p>');
  });

  it('removes the link when the address is emptied, and changes nothing on Annuler', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial='<p><a href="https://ballons.fr">Site</a> web</p>' />);
    await screen.findByText('Site');
    select('Site', { caretAt: 1 });
    await user.click(screen.getByRole('button', { name: 'Insérer un lien' }));
    const address = await screen.findByRole('textbox', { name: 'Adresse du lien' });
    expect(address).toHaveValue('https://ballons.fr');
    await user.clear(address);
    await user.type(address, 'https://autre.fr');
    // The toolbar's undo button is also 'Annuler': the prompt's is the one in its dialog.
    const prompt = screen.getByRole('dialog', { name: 'Insérer un lien' });
    await user.click(within(prompt).getByRole('button', { name: 'Annuler' }));
    await waitFor(
      () => expect(screen.queryByRole('textbox', { name: 'Adresse du lien' })).not.toBeInTheDocument(),
      AFTER_CLOSE,
    );
    expect(html()).toContain('href="https://ballons.fr"');

    select('Site', { caretAt: 1 });
    await user.click(screen.getByRole('button', { name: 'Insérer un lien' }));
    await user.clear(await screen.findByRole('textbox', { name: 'Adresse du lien' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(html()).toBe('<p>Site web</p>'));
  });

  it('renders an unknown link with an empty address, and does not open links on click', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderWithProviders(
      <Harness initial='<p><a href="javascript:alert(1)">Piège</a> <a href="https://ballons.fr">Site</a></p>' />,
    );
    const trap = await screen.findByText('Piège');
    expect(trap.closest('a')).toHaveAttribute('href', '');
    await user.click(screen.getByText('Site'));
    expect(open).not.toHaveBeenCalled();
  });

  it('replaces its content when the value changes from outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await screen.findByText('Bonjour');
    await user.click(screen.getByRole('button', { name: 'Charger un modèle' }));
    expect(await screen.findByRole('heading', { name: 'Nouveau modèle', level: 2 })).toBeInTheDocument();
    expect(screen.queryByText('Bonjour')).not.toBeInTheDocument();
  });

  it('colours the selection and takes the colour off again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial="<p>Attention</p>" />);
    await screen.findByText('Attention');
    select('Attention');
    await user.click(screen.getByRole('button', { name: 'Couleur du texte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rouge', hidden: true }));
    // Mantine's red 7 (#f03e3e, the palette's red), as the browser writes it back.
    await waitFor(() => expect(html()).toBe('<p><span style="color: rgb(240, 62, 62);">Attention</span></p>'));
    select('Attention');
    await user.click(screen.getByRole('button', { name: 'Couleur du texte' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Aucune', hidden: true }));
    await waitFor(() => expect(html()).toBe('<p>Attention</p>'));
  });

  it('keeps 100 undo steps grouped by 500 ms, and headings 1 to 3', () => {
    const starterKit = editorExtensions.find((extension) => extension.name === 'starterKit');
    const options = starterKit?.options as { undoRedo?: unknown; heading?: unknown } | undefined;
    expect(options?.undoRedo).toEqual({ depth: 100, newGroupDelay: 500 });
    expect(options?.heading).toEqual({ levels: [1, 2, 3] });
  });

  it('loads lazily behind LazyRichTextField', async () => {
    function LazyHarness() {
      const [value, setValue] = useState('<p>Chargé</p>');
      return <LazyRichTextField label="Corps" value={value} onChange={setValue} />;
    }
    renderWithProviders(<LazyHarness />);
    expect(await screen.findByRole('textbox', { name: 'Corps' })).toHaveTextContent('Chargé');
  });
});
