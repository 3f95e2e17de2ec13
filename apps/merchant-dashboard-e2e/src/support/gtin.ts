/** Appends the GS1 check digit to 11, 12 or 13 digits. */
export function withCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
