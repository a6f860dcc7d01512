import { Button, SelectField, TextAreaField } from '../../../ui';
import styles from './bank.module.css';
import { type GapParts, gapIdsOf, type Parts } from './editor-state';
import { TypoField } from './short-fields';

type GapsParts = Extract<Parts, { type: 'gaps' }>;

const NEW_GAP: GapParts = { chosen: false, accepted: '', wrong: '' };

/** A gap-fill text: gaps written where they stand as {g1}, {g2}, each typed or chosen. */
export function GapsFields({
  parts,
  onChange,
}: {
  parts: GapsParts;
  onChange: (parts: GapsParts) => void;
}) {
  const ids = gapIdsOf(parts.text);
  const setGap = (id: string, change: Partial<GapParts>) =>
    onChange({ ...parts, gaps: { ...parts.gaps, [id]: { ...gapOf(id), ...change } } });
  const gapOf = (id: string) => parts.gaps[id] ?? NEW_GAP;
  const addGap = () => {
    let n = ids.length + 1;
    while (ids.includes(`g${n}`)) n++;
    onChange({ ...parts, text: `${parts.text.trimEnd()} {g${n}}` });
  };

  return (
    <>
      <TextAreaField
        label="Text with gaps"
        hint="Write {g1}, {g2}, … where each gap stands: “She {g1} to school every day.”"
        rows={5}
        value={parts.text}
        onChange={(e) => onChange({ ...parts, text: e.target.value })}
      />
      <Button variant="secondary" onClick={addGap}>
        Add a gap at the end
      </Button>
      <ol className={styles.parts} aria-label="Gaps">
        {ids.map((id) => {
          const gap = gapOf(id);
          return (
            <li key={id}>
              <fieldset className={styles.part}>
                <legend>Gap {`{${id}}`}</legend>
                <SelectField
                  label="The student"
                  value={gap.chosen ? 'chosen' : 'typed'}
                  onChange={(e) => setGap(id, { chosen: e.target.value === 'chosen' })}
                >
                  <option value="typed">Types the answer</option>
                  <option value="chosen">Chooses it from a list</option>
                </SelectField>
                <TextAreaField
                  label={gap.chosen ? 'The right word' : 'Accepted answers, one a line'}
                  rows={gap.chosen ? 1 : 2}
                  value={gap.accepted}
                  onChange={(e) => setGap(id, { accepted: e.target.value })}
                />
                {gap.chosen && (
                  <TextAreaField
                    label="The wrong words of the list, one a line"
                    rows={3}
                    value={gap.wrong}
                    onChange={(e) => setGap(id, { wrong: e.target.value })}
                  />
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <TypoField value={parts.typo} onChange={(typo) => onChange({ ...parts, typo })} />
    </>
  );
}
