/**
 * ' (Company)' after a person's name, or nothing when there is no company or it is the person's own name (an
 * individual whose company field repeats the name: "Luis Carrillo (Luis Carrillo)" says nothing twice).
 */
export function companySuffix(name: string | null | undefined, company: string | null | undefined): string {
  const c = company?.trim();
  if (!c) return '';
  const same = (a: string) => a.trim().replace(/\s+/g, ' ').toLowerCase();
  return name && same(name) === same(c) ? '' : ` (${c})`;
}
