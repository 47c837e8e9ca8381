// Generic interface elements (data list, table, switch, tag, autocomplete, text fields...), for every screen. The rich-text editor is exported only through its
// lazy wrapper: importing ./RichTextField/RichTextField here would put Tiptap in every bundle that imports this file.
// Email fields need no component: <TextInput type="email" /> from @mantine/core (the browser checks the address).

export { AfterFirstPaint } from './AfterFirstPaint/AfterFirstPaint';
export {
  type ConfirmDeleteOptions,
  type ConfirmKind,
  ConfirmModal,
  type ConfirmModalProps,
  type ConfirmOptions,
  confirmAccept,
  confirmDelete,
  confirmReject,
} from './ConfirmDialog/ConfirmDialog';
export { DataList, type DataListProps } from './DataList/DataList';
export { DataListPagination } from './DataList/DataListPagination';
export { useDataList } from './DataList/use-data-list';
export { type DataColumn, DataTable, type DataTableProps, EmptyValue, readField } from './DataTable/DataTable';
export { type Flag, FlagSwitch, type FlagSwitchProps } from './FlagSwitch/FlagSwitch';
export { FormModal, type FormModalProps } from './FormModal/FormModal';
export { useFieldError, useFormErrors, useTextareaRows } from './FormModal/form-context';
export { BalloonMark, Logo } from './Logo/Logo';
export { NoteActions } from './NoteActions/NoteActions';
export { notifyFailure, notifySuccess, notifyWarning } from './notify/notify';
export { PhoneInput, type PhoneInputProps } from './PhoneInput/PhoneInput';
export { RemoteAutocomplete, type RemoteAutocompleteProps } from './RemoteAutocomplete/RemoteAutocomplete';
export { LazyRichTextField, type RichTextFieldProps } from './RichTextField/LazyRichTextField';
export {
  StatusTag,
  type StatusTagProps,
  TAG_ACTION_ICON_SIZE,
  TAG_ICON_SIZE,
  type TagAction,
  type TagIcon,
} from './StatusTag/StatusTag';
export { statusIcon } from './StatusTag/status-icons';
export {
  AvailabilityTag,
  BookingStatusTag,
  FlightStatusTag,
  MailStatusTag,
  mailDate,
  PassengerCounter,
  WeightTag,
} from './StatusTag/status-tags';
export { isInSection, type NavigationLink, SubNavigation } from './SubNavigation/SubNavigation';
export { SummaryCard, type SummaryCardProps, type SummaryRow } from './SummaryCard/SummaryCard';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField/TextAreaField';
