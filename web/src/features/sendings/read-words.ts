/** '12 of 18 read': how many of a sent item's students have read it. */
export const readWords = (read: number, total: number) => `${read} of ${total} read`;

/** '5 of 18 handed in': how many of a sent assignment's students handed in work naming it. */
export const handedInWords = (handedIn: number, total: number) =>
  `${handedIn} of ${total} handed in`;
