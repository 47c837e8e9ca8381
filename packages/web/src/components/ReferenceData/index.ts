// Generic reference-data screens (other-data lists and their dialogs), shared by the features: each entity's folder
// declares its definition and exports ReferenceListPage with it as its page.

export { type FieldValue, type FormValues, initialValues, toPayload, visibleSections } from './form-values';
export { formatFlag, formatNumber, NameWithDefault } from './format';
export {
  FieldInput,
  FormSections,
  type FormSectionsProps,
  ReferenceFormDialog,
  type ReferenceFormDialogProps,
} from './ReferenceFormDialog';
export { deleteFailureMessage, ReferenceListPage, type ReferenceListPageProps } from './ReferenceListPage';
export type * from './types';
