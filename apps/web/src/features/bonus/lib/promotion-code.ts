/** Promotion codes are upper case while typing and before every call. */
export function promotionCode(value: string): string {
  return value.toUpperCase();
}

/** The code a search or an activation sends: upper case, without surrounding spaces. */
export function searchableCode(value: string): string {
  return promotionCode(value).trim();
}
