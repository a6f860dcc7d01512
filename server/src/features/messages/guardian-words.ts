/**
 * A message written to a student, told to their guardian (issue 49, point 16), pure. The
 * outbox keeps the student's words ("You have 3 absences this term…"); the e-mail and SMS
 * channels write to a guardian about the student instead ("Sara Ahmadi has 3 absences this
 * term…"). The app's messages to students open with "You have", "You" or "Your …"; what
 * follows speaks of the student as "you" too. An administrator's own words that do not open so
 * are left as typed: the e-mail's introduction and the SMS's "about <student>" say whose they are.
 */
const THIRD_PERSON = { have: 'has', are: 'is', were: 'was' } as const;

export function forGuardian(text: string, studentName: string): string {
  let rest: string;
  let opening: string;
  // The verbs that change with the person ("You have" → "Sara has"); others read the same.
  const verb = /^You (have|are|were)\b/.exec(text);
  const your = /^Your\b/.exec(text);
  const you = /^You\b/.exec(text);
  if (verb) {
    opening = `${studentName} ${THIRD_PERSON[verb[1] as keyof typeof THIRD_PERSON]}`;
    rest = text.slice(verb[0].length);
  } else if (your) {
    opening = `${studentName}'s`;
    rest = text.slice(your[0].length);
  } else if (you) {
    opening = studentName;
    rest = text.slice(you[0].length);
  } else return text;
  const third = rest
    .replace(/\bPlease come to your classes\./g, 'Please help them come to their classes.')
    .replace(/\byour\b/g, 'their')
    .replace(/\byou\b/g, 'them');
  return `${opening}${third}`;
}

/** Whether forGuardian named the student (else the words are the administrator's own). */
export const namesStudent = (text: string) => /^You(r)?\b/.test(text);
