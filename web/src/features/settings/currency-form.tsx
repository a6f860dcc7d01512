import type { CallResponse } from '@academy/contract';
import {
  CURRENCY_DECIMALS_MAX,
  CURRENCY_PRESETS,
  type Currency,
  currencyProblem,
} from '@academy/contract/tuition/money';
import {
  FieldRow,
  FormActions,
  FormCard,
  NumberField,
  SelectField,
  TextField,
  useFields,
  useFormOutcome,
} from '../../ui';
import styles from './settings.module.css';
import { reportSave, useSaveSettings } from './use-settings';

type Answer = CallResponse<'getSettings'>;

/** The preset select's value when the fields match none of the presets. */
const OTHER = '';

/** The currency the fields hold, as the server will read it (decimals NaN when not a digit). */
export function currencyOfFields(f: { code: string; name: string; decimals: string }): Currency {
  const decimals = f.decimals.trim();
  return {
    code: f.code.trim().toUpperCase(),
    name: f.name.trim(),
    decimals: /^\d$/.test(decimals) ? Number(decimals) : Number.NaN,
  };
}

/** The preset the fields match (its code), or OTHER. */
export function presetOf(f: { code: string; name: string; decimals: string }): string {
  const c = currencyOfFields(f);
  const preset = CURRENCY_PRESETS.find(
    (p) => p.code === c.code && p.name === c.name && p.decimals === c.decimals,
  );
  return preset?.code ?? OTHER;
}

/**
 * The academy's currency (issue 52): the one every fee, payment and receipt is kept in. A
 * preset fills the three fields; any of them may be typed instead. Once money is recorded the
 * decimals stay (the server refuses, and this form shows its words).
 */
export function CurrencyForm({ answer }: { answer: Answer }) {
  const saved = answer.settings.currency;
  const save = useSaveSettings();
  const { values, bind, set } = useFields({
    code: saved?.code ?? '',
    name: saved?.name ?? '',
    decimals: saved ? String(saved.decimals) : '',
  });
  const outcome = useFormOutcome(() => currencyProblem(currencyOfFields(values)));
  const choosePreset = (code: string) => {
    const preset = CURRENCY_PRESETS.find((p) => p.code === code);
    if (preset) set({ code: preset.code, name: preset.name, decimals: String(preset.decimals) });
    else set({ code: '', name: '' });
  };
  const handleSend = () => {
    const currency = currencyOfFields(values);
    save.mutate(
      {
        currency_code: currency.code,
        currency_name: currency.name,
        currency_decimals: String(currency.decimals),
      },
      reportSave(outcome, `Currency saved: ${currency.name} (${currency.code}).`),
    );
  };

  return (
    <FormCard title="Currency" onSend={handleSend} outcome={outcome}>
      <p className={styles.caption}>
        The currency fees, payments and receipts are kept in.{' '}
        {saved
          ? 'Once money is recorded, its decimals cannot change; the code and name still can.'
          : 'Not set yet: fee plans wait for it.'}
      </p>
      <SelectField
        label="Start from"
        value={presetOf(values)}
        onChange={(e) => choosePreset(e.target.value)}
      >
        <option value={OTHER}>Another currency (type it below)</option>
        {CURRENCY_PRESETS.map((p) => (
          <option key={p.code} value={p.code}>
            {`${p.name} (${p.code})`}
          </option>
        ))}
      </SelectField>
      <FieldRow>
        <TextField
          label="Code"
          hint="Three capital letters, like IRR."
          maxLength={3}
          autoComplete="off"
          {...bind('code')}
        />
        <TextField label="Name" autoComplete="off" {...bind('name')} />
        <NumberField
          label="Decimals"
          hint={`0 to ${CURRENCY_DECIMALS_MAX}: 0 for rial and toman, 2 for dollars.`}
          {...bind('decimals')}
        />
      </FieldRow>
      <FormActions outcome={outcome} label="Save currency" busy={save.isPending} fill />
    </FormCard>
  );
}
