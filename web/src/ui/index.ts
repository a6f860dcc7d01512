export { Button, ButtonLink, ExternalButtonLink } from './button';
export { Card } from './card';
export { Checklist, type ChecklistItem } from './checklist';
export { ConfirmDelete, ConfirmPopup } from './confirm-popup';
export { ConfirmedChangeButton } from './confirmed-change-button';
export { type Fact, Facts } from './facts';
export {
  NumberField,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
  UrlField,
} from './field';
export { FileButton, FileLink, FileList, FileName, StoredFileLinks } from './file-list';
export { FilePicker } from './file-picker';
export {
  type AnswerReport,
  FieldRow,
  Form,
  FormMessage,
  type FormOutcome,
  useFormOutcome,
} from './form';
export { FormActions } from './form-actions';
export { FormCard, FormScreen } from './form-screen';
export { ItemCard, ItemList, ItemText, Meta } from './item-card';
export { PagedItemList, QueryItemList, QueryRows } from './item-views';
export { KeptOffline } from './kept-offline';
export { OfflineDataContext } from './offline-data';
export { Options } from './options';
export { PagedList } from './paged-list';
export { Pager } from './pager';
export { FormPopup, Popup } from './popup';
export { ProgressBar } from './progress-bar';
export { ProgressPopup } from './progress-popup';
export { QueryCard } from './query-card';
export { OfflineUnavailable, QueryView, useIsUnavailableOffline } from './query-view';
export { ActionRow, OpenButton, RecordActions } from './record-actions';
export { BackButton, type BackLink, Screen } from './screen';
export { ScreenHeading } from './screen-heading';
export { SearchField } from './search-field';
export { Stack } from './stack';
export { Badge, EmptyState, Loading, Message, Tag } from './status';
export { CancelAndSubmit, SubmitButton } from './submit-button';
export { type Column, Table } from './table';
export { Tile, TileGrid, TileGroup, TileGroups } from './tile';
export { trialReport } from './trial-report';
export { type Confirm, useConfirm, useConfirmedChange } from './use-confirm';
export { type BoundField, fieldsOf, useFields } from './use-fields';
export { type FilterFieldsProps, usePagedFilters } from './use-paged-filters';
export { useRecordDelete } from './use-record-delete';
