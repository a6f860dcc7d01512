/**
 * The term a result sheet opens at when none is named (issue 30): the current term; between
 * terms, the latest that has begun (the one just ended, whose results are being closed); before
 * any has begun, the first.
 */
export function defaultTermId(
  terms: readonly { id: number; first_day: string }[],
  currentTermId: number | null,
  today: string,
): number | undefined {
  if (currentTermId !== null && terms.some((t) => t.id === currentTermId)) return currentTermId;
  const begun = terms.filter((t) => t.first_day <= today);
  const latest = begun.reduce<(typeof terms)[number] | undefined>(
    (last, t) => (last === undefined || t.first_day > last.first_day ? t : last),
    undefined,
  );
  return (latest ?? terms[0])?.id;
}

/** Today on the reader's clock, as 'YYYY-MM-DD'. */
export function localToday(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
