import { describe, expect, it } from 'vitest';
import { passwordProblems, quickRatio } from '../../../server/auth/password-rules';

const NORA = { email: 'nora.new@example.com', firstName: 'Nora', lastName: 'New' };
const TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';
const TOO_COMMON = 'This password is too common.';
const NUMERIC = 'This password is entirely numeric.';

describe('passwordProblems', () => {
  it.each(['Demo-pass-2026', 'Secret-pass-1', 'Secret-pass-2', 'Fresh-pass-2026', 'Linked-pass-2026'])(
    'accepts %s, a password the demo data and the tests use',
    (password) => {
      expect(passwordProblems(password, NORA)).toEqual([]);
    },
  );

  it('refuses fewer than 8 characters, counting code points as Python does', () => {
    expect(passwordProblems('Xy7#kq!', NORA)).toEqual([TOO_SHORT]);
    expect(passwordProblems('Xy7#kq!z', NORA)).toEqual([]);
    expect(passwordProblems('😀😀😀😀😀😀😀', NORA)).toEqual([TOO_SHORT]);
  });

  it("refuses Django's common passwords, compared lowercased and stripped", () => {
    for (const password of ['password', 'password1', 'PassWord1', ' iloveyou\t', 'qwertyuiop']) {
      expect(passwordProblems(password, NORA)).toEqual([TOO_COMMON]);
    }
  });

  it('refuses a password made of digits only, in any script', () => {
    expect(passwordProblems('80417365', NORA)).toEqual([NUMERIC]);
    expect(passwordProblems('٣٤٥٦٧٨٩٠١', NORA)).toEqual([NUMERIC]);
    expect(passwordProblems('²³①⑵⒈⓵➀₉', NORA)).toEqual([NUMERIC]);
    expect(passwordProblems('8041736a', NORA)).toEqual([]);
  });

  it('names the first attribute the password is too similar to, in Django order', () => {
    const ada = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    expect(passwordProblems('AdaLovelace', ada)).toEqual(['The password is too similar to the last name.']);
    expect(passwordProblems('Lovelace!', { ...ada, firstName: 'Lovelace' })).toEqual([
      'The password is too similar to the first name.',
    ]);
    expect(passwordProblems('ExampleCom', NORA)).toEqual(['The password is too similar to the email address.']);
    expect(passwordProblems('nora.new@example.org', NORA)).toEqual([
      'The password is too similar to the email address.',
    ]);
  });

  it('compares with the parts of an attribute between non-word characters', () => {
    const seller = { email: 'sven.seller@example.com', firstName: '', lastName: '' };
    expect(passwordProblems('sellers-1', seller)).toEqual(['The password is too similar to the email address.']);
  });

  it('skips values too short for the password to be similar to them', () => {
    expect(passwordProblems('Hxx-pass-1', { email: 'x@example.com', firstName: 'H', lastName: '' })).toEqual([]);
  });

  it('returns every broken rule together, in the order of Django settings', () => {
    expect(passwordProblems('1234', NORA)).toEqual([TOO_SHORT, TOO_COMMON, NUMERIC]);
    expect(passwordProblems('nora', NORA)).toEqual(['The password is too similar to the first name.', TOO_SHORT]);
  });
});

describe('quickRatio', () => {
  it.each([
    // Expected values from Python's difflib.SequenceMatcher(a=a, b=b).quick_ratio().
    ['nora.new', 'nora', 0.6666666666666666],
    ['adaclient1', 'ada', 0.46153846153846156],
    ['clientada', 'client', 0.8],
    ['secret-pass-1', 'new', 0.125],
    ['sven-seller', 'seller', 0.7058823529411765],
    ['abcdefgh', 'hgfedcba', 1],
    ['äöü-pass', 'äöü', 0.5454545454545454],
    ['', '', 1],
    ['abc', '', 0],
  ])('quickRatio(%j, %j) is %d', (a, b, expected) => {
    expect(quickRatio(a, b)).toBe(expected);
  });
});
