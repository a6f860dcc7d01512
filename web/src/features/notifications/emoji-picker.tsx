import EmojiPicker, { Categories, EmojiStyle, SuggestionMode } from 'emoji-picker-react';

/**
 * The emoji picker, loaded only when the admin opens it (its data is bundled with it, no CDN).
 * Eight categories plus recently used (kept in this browser), five skin tones, native emoji.
 */
const categories = [
  { category: Categories.SUGGESTED, name: 'Recently used' },
  { category: Categories.SMILEYS_PEOPLE, name: 'Smileys & People' },
  { category: Categories.ANIMALS_NATURE, name: 'Animals & Nature' },
  { category: Categories.FOOD_DRINK, name: 'Food & Drink' },
  { category: Categories.TRAVEL_PLACES, name: 'Travel & Places' },
  { category: Categories.ACTIVITIES, name: 'Activities' },
  { category: Categories.OBJECTS, name: 'Objects' },
  { category: Categories.SYMBOLS, name: 'Symbols' },
  { category: Categories.FLAGS, name: 'Flags' },
];

export default function EmojiChooser({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      onEmojiClick={(emoji) => onPick(emoji.emoji)}
      emojiStyle={EmojiStyle.NATIVE}
      suggestedEmojisMode={SuggestionMode.RECENT}
      categories={categories}
      lazyLoadEmojis
      autoFocusSearch={false}
      // As wide as the form it sits in (never past the card on a phone); nine emoji to a line,
      // as the spec's picker shows them, where nine fit.
      width="100%"
      columns={9}
      height={400}
      previewConfig={{ showPreview: false }}
      searchPlaceholder="Search emoji"
    />
  );
}
