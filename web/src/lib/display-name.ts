/** The name shown in the user menu (spec section 2): first and last name, else first name, else the account's
 * full name, else e-mail, else 'User'. */

export interface DisplayNameSource {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  email?: string | null;
}

const clean = (s: string | null | undefined) => (s ?? "").trim();

export function displayName({ firstName, lastName, fullName, email }: DisplayNameSource): string {
  const first = clean(firstName);
  const last = clean(lastName);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  if (clean(fullName)) return clean(fullName);
  if (clean(email)) return clean(email);
  return "User";
}
