/**
 * An email address that may wrap in a narrow column: before its "@" first
 * ("selina.karim" / "@example.com"), anywhere else only when a part is longer than the line.
 * Give its element `[overflow-wrap:anywhere]`.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
