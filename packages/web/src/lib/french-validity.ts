// The browser's own form checks (required, type=email, min...) stay the browser's, but their bubbles
// speak French whatever the browser's language: each 'invalid' event gets a French message through
// setCustomValidity. A custom message makes the field invalid by itself, so ours is wiped before every new check
// (typing, choosing, and the moment a form is about to be submitted), leaving the browser's own verdict to decide.
// A message the app set itself (passwords that differ) is its own rule: left alone.

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isFormControl = (target: EventTarget | null): target is FormControl =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** The French message for what the browser found wrong with a field; null when it found nothing. */
export function frenchValidityMessage(control: FormControl): string | null {
  const { validity } = control;
  const type = control instanceof HTMLInputElement ? control.type : control.tagName.toLowerCase();
  if (validity.valueMissing) {
    if (type === 'checkbox') return 'Veuillez cocher cette case.';
    if (type === 'radio' || type === 'select') return 'Veuillez sélectionner une option.';
    if (type === 'file') return 'Veuillez sélectionner un fichier.';
    return 'Veuillez renseigner ce champ.';
  }
  if (validity.typeMismatch) {
    if (type === 'email') return 'Veuillez saisir une adresse email valide.';
    if (type === 'url') return 'Veuillez saisir une adresse web valide.';
    return 'Veuillez saisir une valeur valide.';
  }
  if (validity.badInput) return type === 'number' ? 'Veuillez saisir un nombre.' : 'Veuillez saisir une valeur valide.';
  if (control instanceof HTMLInputElement) {
    if (validity.rangeUnderflow) return `La valeur doit être supérieure ou égale à ${control.min}.`;
    if (validity.rangeOverflow) return `La valeur doit être inférieure ou égale à ${control.max}.`;
    if (validity.stepMismatch) return 'Veuillez saisir une valeur valide.';
  }
  if (validity.tooShort && !(control instanceof HTMLSelectElement)) {
    return `Veuillez saisir au moins ${control.minLength} caractères.`;
  }
  if (validity.tooLong && !(control instanceof HTMLSelectElement)) {
    return `Veuillez saisir au plus ${control.maxLength} caractères.`;
  }
  if (validity.patternMismatch) return control.title || 'Veuillez respecter le format demandé.';
  return null;
}

/** The messages this module set, by field, to tell them from the app's own. */
const ours = new WeakMap<FormControl, string>();

/** Wipes our message from a field (not the app's own), so the browser checks its value afresh. */
function clearOurs(control: FormControl): void {
  const message = ours.get(control);
  if (message === undefined) return;
  ours.delete(control);
  if (control.validity.customError && control.validationMessage === message) control.setCustomValidity('');
}

function resetForm(form: HTMLFormElement | null): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    if (isFormControl(element)) clearOurs(element);
  }
}

/** Installs the French messages on a document; returns the uninstall function. */
export function installFrenchValidity(doc: Document = document): () => void {
  const onInvalid = (event: Event) => {
    const control = event.target;
    if (!isFormControl(control)) return;
    // The app's own message (already French) stays; ours from an earlier check is no reason: the browser's are.
    if (control.validity.customError && control.validationMessage !== ours.get(control)) return;
    clearOurs(control);
    const message = frenchValidityMessage(control);
    if (!message) return;
    control.setCustomValidity(message);
    ours.set(control, message);
  };
  const onEdit = (event: Event) => {
    if (isFormControl(event.target)) clearOurs(event.target);
  };
  // Before the browser validates on submission: a click on a submit button, Enter in a field. Fields whose value
  // changed without an input event (a value set by a component) must not keep an old message.
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button, input[type="submit"]');
    if (button instanceof HTMLButtonElement && button.type === 'submit') resetForm(button.form);
    if (button instanceof HTMLInputElement) resetForm(button.form);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && isFormControl(event.target)) resetForm(event.target.form);
  };
  doc.addEventListener('invalid', onInvalid, true);
  doc.addEventListener('input', onEdit, true);
  doc.addEventListener('change', onEdit, true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('keydown', onKeyDown, true);
  return () => {
    doc.removeEventListener('invalid', onInvalid, true);
    doc.removeEventListener('input', onEdit, true);
    doc.removeEventListener('change', onEdit, true);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKeyDown, true);
  };
}
