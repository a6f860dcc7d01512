/**
 * Attendance as the schedule records it. A session's fields are free text (spec section 2);
 * its status is what the administrator marked: Held, Missed or Next Session. Dates are free
 * text too, so nothing is derived from them: a past session left at 'Next Session' is not
 * guessed to be missed. Statuses match in any case and spacing; anything else is `other`.
 */
export function attendanceOf(sessions: readonly { status: string }[]) {
  const counts = { total: sessions.length, held: 0, missed: 0, next: 0, other: 0 };
  for (const { status } of sessions) {
    const word = status.trim().toLowerCase().replace(/\s+/g, ' ');
    if (word === 'held') counts.held += 1;
    else if (word === 'missed') counts.missed += 1;
    else if (word === 'next session') counts.next += 1;
    else counts.other += 1;
  }
  return counts;
}
