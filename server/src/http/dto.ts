/** Dates leave the API as ISO strings (DESIGN §2); a missing date stays null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d ? new Date(d).toISOString() : null;
