import { describe, expect, it } from 'vitest';
import { errorStrings, fieldErrors, generalErrorMessages, isUnreachable } from '../../../../src/api/errors';

describe('api error bodies', () => {
  it('reads one string or a list, leaving out blanks and non-strings', () => {
    expect(errorStrings('Preencha CID!')).toEqual(['Preencha CID!']);
    expect(errorStrings(['a', '', ' ', 3, 'b'])).toEqual(['a', 'b']);
    expect(errorStrings(' ')).toEqual([]);
    expect(errorStrings({ a: 1 })).toEqual([]);
  });

  it('lists the error list, then non_field_errors, then message; nothing for a body that is not an object', () => {
    expect(generalErrorMessages({ message: 'm', non_field_errors: ['n'], error: ['e'], cid: ['c'] })).toEqual(['e', 'n', 'm']);
    expect(generalErrorMessages('oops')).toEqual([]);
    expect(generalErrorMessages(null)).toEqual([]);
  });

  it('reads each field of a body as its messages, leaving out the general keys and fields without words', () => {
    expect(fieldErrors({ error: ['e'], non_field_errors: ['n'], message: 'm', cid: ['Preencha CID!', ''], payer: 'Escolha', days: [3] })).toEqual({
      cid: ['Preencha CID!'],
      payer: ['Escolha'],
    });
    expect(fieldErrors(null)).toEqual({});
  });

  it('takes 502, 503 and 504 as an unreachable API', () => {
    expect([500, 502, 503, 504].map(isUnreachable)).toEqual([false, true, true, true]);
  });
});
