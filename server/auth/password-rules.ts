/**
 * The password rules of a Django back end with its default AUTH_PASSWORD_VALIDATORS, in their
 * settings order: UserAttributeSimilarityValidator, MinimumLengthValidator (8),
 * CommonPasswordValidator and NumericPasswordValidator. Messages are Django's, word for word, so a
 * client sees the same text whichever back end answers. Lengths count code points, as Python does.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export const MIN_PASSWORD_LENGTH = 8;
/** What Python's `str.isspace()` accepts; declared before the list, which is read with it. */
const PYTHON_SPACE: ReadonlySet<string> = new Set(
  Array.from('\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000').concat(
    Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  ),
);
/** Django's default `max_similarity`. */
const MAX_SIMILARITY = 0.7;

/**
 * Django's own list (django/contrib/auth/common-passwords.txt.gz, BSD-3-Clause, shipped unchanged):
 * 20,000 common passwords by Royce Williams, lowercased and deduplicated. Read once, at import.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  gunzipSync(readFileSync(new URL('./common-passwords.txt.gz', import.meta.url)))
    .toString('utf8')
    .split('\n')
    .map((line) => pythonStrip(line))
    .filter((line) => line !== ''),
);

/** The user the password is for; Django's default attributes, in its order (this user has no username). */
export interface PasswordOwner {
  firstName: string;
  lastName: string;
  email: string;
}

/** Attribute names as the User model's `verbose_name`s spell them in the messages. */
const ATTRIBUTES = [
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email address'],
] as const;

/** Every rule the password breaks, in Django's order; empty when it may be used. */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  const problems: string[] = [];
  const similarTo = similarAttribute(password, owner);
  if (similarTo) problems.push(`The password is too similar to the ${similarTo}.`);
  if (codePoints(password).length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (COMMON_PASSWORDS.has(pythonStrip(password.toLowerCase()))) problems.push('This password is too common.');
  if (isEntirelyNumeric(password)) problems.push('This password is entirely numeric.');
  return problems;
}

/**
 * UserAttributeSimilarityValidator: the first attribute whose whole value, or any of its parts
 * between non-word characters (so an email's local part and domain words), is as similar to the
 * password as `MAX_SIMILARITY` or more. Django stops at the first such attribute.
 */
function similarAttribute(password: string, owner: PasswordOwner): string | null {
  const lowered = password.toLowerCase();
  for (const [key, verboseName] of ATTRIBUTES) {
    const value = owner[key].toLowerCase();
    if (!value) continue;
    // Python's `re.split(r"\W+", value) + [value]`; `\w` there is Unicode letters, digits and `_`.
    const parts = [...value.split(/[^\p{L}\p{N}_]+/u), value];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lowered, part)) continue;
      if (quickRatio(lowered, part) >= MAX_SIMILARITY) return verboseName;
    }
  }
  return null;
}

/**
 * Django's shortcut: a value a tenth of the password's length or less cannot reach the similarity
 * bound (its ratio is at most 2 / length ratio), so it is not compared at all.
 */
function exceedsMaximumLengthRatio(password: string, value: string): boolean {
  const passwordLength = codePoints(password).length;
  const valueLength = codePoints(value).length;
  return passwordLength >= 10 * valueLength && valueLength < (MAX_SIMILARITY / 2) * passwordLength;
}

/**
 * Python's `difflib.SequenceMatcher(a=a, b=b).quick_ratio()`: twice the number of characters the two
 * strings share (as multisets, order ignored) over their total length; 1 for two empty strings.
 */
export function quickRatio(a: string, b: string): number {
  const left = codePoints(a);
  const right = codePoints(b);
  const total = left.length + right.length;
  if (total === 0) return 1;
  const available = new Map<string, number>();
  for (const char of right) available.set(char, (available.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of left) {
    const count = available.get(char) ?? 0;
    if (count > 0) {
      available.set(char, count - 1);
      matches += 1;
    }
  }
  return (2 * matches) / total;
}

/**
 * Python's `str.isdigit()`: decimal digits of any script, plus the other characters Unicode calls
 * digits (superscripts, subscripts, circled and parenthesized digits…), listed from Python 3.11.
 */
const ALL_DIGITS =
  /^[\p{Nd}\u{b2}-\u{b3}\u{b9}\u{1369}-\u{1371}\u{19da}\u{2070}\u{2074}-\u{2079}\u{2080}-\u{2089}\u{2460}-\u{2468}\u{2474}-\u{247c}\u{2488}-\u{2490}\u{24ea}\u{24f5}-\u{24fd}\u{24ff}\u{2776}-\u{277e}\u{2780}-\u{2788}\u{278a}-\u{2792}\u{10a40}-\u{10a43}\u{10e60}-\u{10e68}\u{11052}-\u{1105a}\u{1f100}-\u{1f10a}]+$/u;

function isEntirelyNumeric(password: string): boolean {
  return ALL_DIGITS.test(password);
}

function codePoints(text: string): string[] {
  return Array.from(text);
}

/** Python's `str.strip()`: its whitespace set differs from `String.prototype.trim`'s. */
function pythonStrip(text: string): string {
  const chars = codePoints(text);
  let start = 0;
  let end = chars.length;
  while (start < end && PYTHON_SPACE.has(chars[start] as string)) start += 1;
  while (end > start && PYTHON_SPACE.has(chars[end - 1] as string)) end -= 1;
  return chars.slice(start, end).join('');
}
