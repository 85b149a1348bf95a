/**
 * An e-mail address that, when it must wrap, wraps before '@' and '.' (word break opportunities) instead of in the
 * middle of a name. Its container should use `overflow-wrap: break-word` (a last resort for a single part too long
 * for the line), not `anywhere`, which also shrinks the min-content width and so invites mid-word breaks in a grid.
 */
import { Fragment } from 'react';

type EmailTextProps = { email: string };

export function EmailText({ email }: EmailTextProps) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
