import type { CallResponse } from '@academy/contract';
import { type BrandingImage, MAX_FILE_BYTES } from '@academy/contract/constants';
import { useEffect, useState } from 'react';
import {
  ActionRow,
  Button,
  ConfirmPopup,
  FilePicker,
  FormCard,
  FormMessage,
  SubmitButton,
  useConfirm,
  useFormOutcome,
} from '../../ui';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

interface ImageInfo {
  name: BrandingImage;
  title: string;
  /** The image's name inside a sentence. */
  noun: string;
  where: string;
}

export const IMAGES: readonly ImageInfo[] = [
  { name: 'logo', title: 'Logo', noun: 'logo', where: 'Shown on the login and home screens.' },
  {
    name: 'login_background',
    title: 'Login background',
    noun: 'login background',
    where: 'Behind the login screen.',
  },
  {
    name: 'home_background',
    title: 'Home background',
    noun: 'home background',
    where: 'Behind the top of both home screens.',
  },
];

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** A preview of a file chosen but not yet sent (a blob: address, let go when it changes). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** One of the academy's images: a preview, a new file to save, or back to the default. */
export function ImageForm({
  image,
  current,
}: {
  image: ImageInfo;
  current: Answer['settings'][BrandingImage];
}) {
  const save = useSaveSettings();
  const [file, setFile] = useState<File | null>(null);
  const chosenUrl = useObjectUrl(file);
  const outcome = useFormOutcome(() =>
    !file
      ? 'Please choose an image.'
      : !IMAGE_TYPES.includes(file.type)
        ? 'Only PNG, JPEG and WebP images are accepted.'
        : file.size > MAX_FILE_BYTES
          ? 'Each image must be at most 5 MB.'
          : null,
  );

  const handleSend = () => {
    if (!file) return;
    save.mutate(
      { [image.name]: file },
      reportSave(outcome, `The new ${image.noun} is saved.`, () => setFile(null)),
    );
  };

  const usingDefault = useConfirm<BrandingImage>((name, close) =>
    save.mutate(
      { use_default: name },
      {
        ...reportSave(outcome, `The default ${image.noun} is back.`, () => setFile(null)),
        onSettled: close,
      },
    ),
  );

  return (
    <>
      <FormCard title={image.title} onSend={handleSend} outcome={outcome}>
        <figure
          className={[styles.preview, image.name === 'logo' && styles.previewLogo]
            .filter(Boolean)
            .join(' ')}
        >
          <img
            src={chosenUrl ?? current.url}
            alt={chosenUrl ? `The chosen ${image.noun}` : `The ${image.noun} in use`}
          />
        </figure>
        <p className={styles.caption}>
          {chosenUrl
            ? 'The chosen image, not saved yet.'
            : current.is_custom
              ? `Your ${image.noun}. ${image.where}`
              : `The default ${image.noun}. ${image.where}`}
        </p>
        <FilePicker
          label={`New ${image.noun}`}
          accept={IMAGE_TYPES.join(',')}
          hint="PNG, JPEG or WebP; at most 5 MB."
          files={file ? [file] : []}
          onChange={(chosen) => setFile(chosen[0] ?? null)}
        />
        <FormMessage outcome={outcome} />
        <ActionRow fill>
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            {`Save ${image.noun}`}
          </SubmitButton>
          {current.is_custom && (
            <Button
              type="button"
              variant="secondary"
              disabled={save.isPending}
              onClick={() => usingDefault.ask(image.name)}
            >
              Use the default
            </Button>
          )}
        </ActionRow>
      </FormCard>
      <ConfirmPopup
        {...usingDefault.popup}
        title={`Use the default ${image.noun}?`}
        confirmLabel="Use the default"
        busy={save.isPending}
      >
        Your {image.noun} will be removed from the academy's files.
      </ConfirmPopup>
    </>
  );
}
