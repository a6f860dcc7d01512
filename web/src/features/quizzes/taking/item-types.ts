import type { ItemBody, ItemResponse, ItemType } from '@academy/contract/quizzes/items';

export type BodyOf<T extends ItemType> = Extract<ItemBody, { type: T }>;
export type ResponseOf<T extends ItemType> = Extract<ItemResponse, { type: T }>;

/** What every item's input is given: its body, the answer so far, and where a new one goes. */
export interface InputProps<T extends ItemType> {
  body: BodyOf<T>;
  answer: ResponseOf<T> | null;
  /** `typing`: saved once the student pauses, not at once. */
  onAnswer: (answer: ResponseOf<T> | null, how?: { typing?: boolean }) => void;
  /** Unique to the item on the page: names its radio group, prefixes its ids. */
  name: string;
  /** The item's question number, for the labels of its parts ("Gap 2 of question 3"). */
  number: number;
}
