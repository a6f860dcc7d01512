import { InstallButton } from './install-button';
import { UpdateBanner } from './update-banner';

/** The floating Install App button and the update banner, loaded after the first screen. */
export default function PwaControls() {
  return (
    <>
      <InstallButton />
      <UpdateBanner />
    </>
  );
}
