import { useState } from 'react';
import { ActionRow, Button, TextField } from '../../../ui';
import { isMonth, monthWords, shiftMonth } from './pay-view';

/**
 * The month a pay screen shows: a month field (typed as 2026-11 where a browser has no month
 * picker: the screen moves once what is typed is a month), and the months before and after.
 */
export function MonthPicker({
  month,
  onMonth,
}: {
  month: string;
  onMonth: (month: string) => void;
}) {
  const [text, setText] = useState(month);
  const go = (to: string) => {
    setText(to);
    onMonth(to);
  };
  const [before, after] = [shiftMonth(month, -1), shiftMonth(month, 1)];
  return (
    <>
      <TextField
        label="Month"
        type="month"
        placeholder="2026-11"
        hint="Year and month, such as 2026-11."
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (isMonth(e.target.value)) onMonth(e.target.value.trim());
        }}
      />
      <ActionRow>
        <Button variant="secondary" size="small" onClick={() => go(before)}>
          {`Previous month (${monthWords(before)})`}
        </Button>
        <Button variant="secondary" size="small" onClick={() => go(after)}>
          {`Next month (${monthWords(after)})`}
        </Button>
      </ActionRow>
    </>
  );
}
