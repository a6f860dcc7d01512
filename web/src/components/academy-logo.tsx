import { useLogo } from '../shared/branding';

/** The academy's logo from the server; a blank square of the same size while it loads. */
export function AcademyLogo({ size = 72, className }: { size?: number; className?: string }) {
  const { data } = useLogo();
  return data ? (
    // An academy's own logo may not be square: it fits the square, whole.
    <img
      src={data.logoUrl}
      alt="Academy logo"
      width={size}
      height={size}
      style={{ objectFit: 'contain' }}
      className={className}
    />
  ) : (
    <span
      style={{ display: 'inline-block', width: size, height: size }}
      className={className}
      aria-hidden="true"
    />
  );
}
