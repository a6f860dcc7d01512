import { INSTALMENT_LABEL_MAX } from '@academy/contract/tuition/instalments';
import { FEE_ITEMS_MAX } from '@academy/contract/tuition/limits';
import type { Currency } from '@academy/contract/tuition/money';
import { Plus, Trash2 } from 'lucide-react';
import { Button, TextField } from '../../../ui';
import { AmountField } from '../amount-field';
import { type ItemDraft, newItem } from './plan-draft';
import styles from './plans.module.css';

/** A plan's optional items (books, materials): a label and an amount each, added and removed. */
export function FeeItemsFields({
  items,
  currency,
  onChange,
}: {
  items: ItemDraft[];
  currency: Currency;
  onChange: (items: ItemDraft[]) => void;
}) {
  const update = (key: number, change: Partial<ItemDraft>) =>
    onChange(items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  return (
    <fieldset className={styles.group}>
      <legend>Items (optional)</legend>
      <p className={styles.caption}>Books, materials: charged with the tuition.</p>
      {items.map((item, index) => (
        <div key={item.key} className={styles.row}>
          <TextField
            label={`Item ${index + 1}`}
            placeholder="Books"
            maxLength={INSTALMENT_LABEL_MAX}
            value={item.label}
            onChange={(e) => update(item.key, { label: e.target.value })}
          />
          <AmountField
            label={`Item ${index + 1} amount`}
            currency={currency}
            value={item.amount}
            onChange={(e) => update(item.key, { amount: e.target.value })}
          />
          <Button
            variant="ghost"
            size="small"
            onClick={() => onChange(items.filter((i) => i.key !== item.key))}
            aria-label={`Remove item ${index + 1}`}
          >
            <Trash2 size={16} aria-hidden="true" /> Remove
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={items.length >= FEE_ITEMS_MAX}
          onClick={() => onChange([...items, newItem()])}
        >
          <Plus size={16} aria-hidden="true" /> Add an item
        </Button>
      </div>
    </fieldset>
  );
}
