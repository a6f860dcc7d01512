import type { ReactNode } from 'react';
import { Button, FilePicker, FormMessage, Message, Popup, Stack, SubmitButton } from '../ui';
import type { useCsvFile } from './use-csv-file';

interface CsvImportPopupProps {
  open: boolean;
  title: string;
  /** Cancel, Escape: the caller forgets the file (`file.reset()`) and closes. */
  onClose: () => void;
  file: ReturnType<typeof useCsvFile>;
  /** What the file must hold, said above the picker. */
  about: ReactNode;
  /** The button that imports the rows the preview found ready. */
  run: {
    label: string;
    busy: boolean;
    busyLabel: string;
    /** Nothing is ready to import (yet). */
    disabled: boolean;
    onRun: () => void;
  };
  /** What the preview says of the file's rows. */
  children?: ReactNode;
}

/**
 * An import from a CSV file (students, a sheet's marks): what the file must hold, its picker,
 * the preview's message and rows, then Cancel and the button that imports what is ready.
 */
export function CsvImportPopup({
  open,
  title,
  onClose,
  file,
  about,
  run,
  children,
}: CsvImportPopupProps) {
  return (
    <Popup
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton
            type="button"
            onClick={run.onRun}
            busy={run.busy}
            busyLabel={run.busyLabel}
            disabled={run.disabled || file.checking}
          >
            {run.label}
          </SubmitButton>
        </>
      }
    >
      <Stack>
        <p>{about}</p>
        <FilePicker
          label="CSV file"
          accept=".csv,text/csv"
          files={file.files}
          onChange={file.choose}
          disabled={run.busy}
        />
        {file.checking && <Message tone="info">Checking the file...</Message>}
        <FormMessage outcome={file.outcome} />
        {children}
      </Stack>
    </Popup>
  );
}
