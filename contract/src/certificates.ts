/**
 * Certificates anyone can verify (issue 30, point 6). A passing result has a code of 20
 * characters from an alphabet without look-alikes (no I, O, 0 or 1), grouped by five with
 * dashes (server/src/features/results/results-data.ts makes them: 100 random bits). People type
 * codes from paper: the check reads them without case, spaces or dashes.
 */

/** The letters and digits a code is made of. */
export const CERTIFICATE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const CERTIFICATE_CODE_LENGTH = 20;

/** The longest text the public check reads as a code (spaces and dashes included). */
export const CERTIFICATE_CODE_INPUT_MAX = 60;

/**
 * A code as typed, in the form the academy stores ('ABCDE-FGHJK-…'), or null when it cannot
 * be one (then no certificate has it).
 */
export function readCertificateCode(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (bare.length !== CERTIFICATE_CODE_LENGTH) return null;
  for (const character of bare) if (!CERTIFICATE_CODE_ALPHABET.includes(character)) return null;
  return bare.replace(/(.{5})(?!$)/g, '$1-');
}

/** The public page that verifies a code, on the academy's own address: '/verify/ABCDE-…'. */
export const verifyPath = (code: string) => `/verify/${encodeURIComponent(code)}`;

/** The longest class level ('Elementary 2', 'B1'). */
export const CLASS_LEVEL_MAX = 40;
