import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextFieldProps } from './RichTextField';

// Tiptap and ProseMirror weigh about as much as the rest of the UI: they load with the first field shown,
// never with the sign-in page. Import this, not ./RichTextField.
const RichTextField = lazy(() => import('./RichTextField'));

export type { RichTextFieldProps };

export function LazyRichTextField(props: RichTextFieldProps) {
  // A name on a plain div is forbidden ARIA (axe: serious): the placeholder is a status while the editor loads.
  return (
    <Suspense fallback={<Skeleton height={220} radius="md" role="status" aria-label="Chargement de l'éditeur" />}>
      <RichTextField {...props} />
    </Suspense>
  );
}
