/**
 * A user's gender as every screen names it (issue 49, point 7): Male, Female, or Not given
 * (stored as '': an import without one, set later on the user's Edit).
 */
export function genderWord(gender: unknown): string {
  if (gender === 'female') return 'Female';
  if (gender === 'male') return 'Male';
  return 'Not given';
}
