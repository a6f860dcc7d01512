/** '12 of 18 read': how many of a sent item's students have read it. */
export const readWords = (read: number, total: number) => `${read} of ${total} read`;
