import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  csv,
  EmailSchema,
  isEmail,
  isValidLink,
  LinkSchema,
  parseCsvLoosely,
  splitCsv,
} from './validation';

describe('isValidLink', () => {
  it.each([
    'http://example.com',
    'https://example.com',
    'ftp://files.example.com/pub/readme.txt',
    '//x.com/a',
    'https://example.com/path?query=1#fragment',
    'https://shop.example.com:8443/products',
    'http://localhost',
    'http://127.0.0.1:3000/',
    'HTTPS://EXAMPLE.COM',
  ])('accepts %s', (link) => {
    expect(isValidLink(link)).toBe(true);
  });

  it('accepts a link with surrounding whitespace', () => {
    expect(isValidLink('  https://example.com  ')).toBe(true);
  });

  it.each([
    ['mailto:', 'mailto:hello@example.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with slashes', 'javascript://example.com/%0Aalert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['ws:', 'ws://example.com/socket'],
    ['tel:', 'tel:+15555550100'],
    ['a relative path', '/products/123'],
    ['a dot-relative path', './products'],
    ['a bare host', 'example.com'],
    ['a bare host with www', 'www.example.com/page'],
    ['an empty string', ''],
    ['only whitespace', '   '],
    ['a space inside', 'https://exa mple.com'],
    ['a space in the path', 'https://example.com/a b'],
    ['a tab inside', 'https://example.com/\tpath'],
    ['http:// with no host', 'http://'],
    ['https:// with no host', 'https://'],
    ['ftp:// with no host', 'ftp://'],
    ['// with no host', '//'],
    ['three slashes', 'http:///path'],
    ['a protocol-relative path with three slashes', '///x.com/a'],
    ['a single slash after the scheme', 'http:/example.com'],
    ['no slashes after the scheme', 'https:example.com'],
    ['a port and no host', 'http://:80/'],
    ['an out-of-range port', 'https://example.com:99999'],
  ])('refuses %s', (_label, link) => {
    expect(isValidLink(link)).toBe(false);
  });

  it('refuses any scheme other than http, https and ftp', () => {
    const scheme = fc
      .stringMatching(/^[a-z][a-z0-9+.-]{0,9}$/)
      .filter((s) => !['http', 'https', 'ftp'].includes(s));
    fc.assert(
      fc.property(scheme, (s) => {
        expect(isValidLink(`${s}://example.com/a`)).toBe(false);
      }),
    );
  });
});

describe('LinkSchema', () => {
  it('trims an accepted link', () => {
    expect(LinkSchema.parse(' https://example.com/a ')).toBe('https://example.com/a');
  });

  it('rejects a mailto link with a message naming the accepted schemes', () => {
    const result = LinkSchema.safeParse('mailto:hello@example.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/http:\/\/, https:\/\/ or ftp:\/\//);
  });

  it('rejects a link over 2048 characters', () => {
    const link = `https://example.com/${'a'.repeat(2048)}`;
    expect(LinkSchema.safeParse(link).success).toBe(false);
  });
});

describe('isEmail', () => {
  it.each([
    'name@example.com',
    'first.last@example.com',
    'first+tag@example.co.uk',
    "o'brien@example.ie",
    'under_score-dash@sub.domain.example.com',
    'UPPER@EXAMPLE.COM',
    '1234@example.com',
    'a@b.co',
    'name@my-shop.example',
    'name@xn--bcher-kva.example',
  ])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['a missing @', 'name.example.com'],
    ['two @', 'name@other@example.com'],
    ['an empty local part', '@example.com'],
    ['an empty domain', 'name@'],
    ['a space in the local part', 'first last@example.com'],
    ['a space in the domain', 'name@exa mple.com'],
    ['a leading space', ' name@example.com'],
    ['a trailing space', 'name@example.com '],
    ['no dot in the domain', 'name@localhost'],
    ['a leading dot in the local part', '.name@example.com'],
    ['a trailing dot in the local part', 'name.@example.com'],
    ['consecutive dots in the local part', 'first..last@example.com'],
    ['a leading dot in the domain', 'name@.example.com'],
    ['a trailing dot in the domain', 'name@example.com.'],
    ['consecutive dots in the domain', 'name@example..com'],
    ['a domain label starting with a hyphen', 'name@-example.com'],
    ['a domain label ending with a hyphen', 'name@example-.com'],
    ['an underscore in the domain', 'name@ex_ample.com'],
    ['a domain label over 63 characters', `name@${'a'.repeat(64)}.com`],
    ['angle brackets', '<name@example.com>'],
    ['a display name', 'Name <name@example.com>'],
  ])('refuses %s', (_label, email) => {
    expect(isEmail(email)).toBe(false);
  });

  it('accepts an address of exactly 254 characters', () => {
    const email = addressOfLength(254);
    expect(email).toHaveLength(254);
    expect(isEmail(email)).toBe(true);
  });

  it('refuses an address of 255 characters', () => {
    const email = addressOfLength(255);
    expect(email).toHaveLength(255);
    expect(isEmail(email)).toBe(false);
  });

  it('never accepts a value with whitespace, without exactly one @ or with a dot at a label edge', () => {
    const fragment = fc.oneof(
      fc.stringMatching(/^[a-z.]{1,6}$/),
      fc.stringMatching(/^[a-z0-9.@ ]{0,12}$/),
    );
    fc.assert(
      fc.property(fragment, fragment, (local, domain) => {
        const value = `${local}@${domain}`;
        if (!isEmail(value)) return;
        const [localPart = '', domainPart = '', ...rest] = value.split('@');
        expect(rest).toHaveLength(0);
        expect(value).not.toMatch(/\s/);
        expect(domainPart).toContain('.');
        for (const part of [localPart, domainPart]) {
          expect(part.startsWith('.') || part.endsWith('.') || part.includes('..')).toBe(false);
        }
      }),
    );
  });
});

describe('EmailSchema', () => {
  it('accepts any dot-separated local part at a dotted domain and lower-cases it', () => {
    const atom = fc.stringMatching(/^[A-Za-z0-9_+-]{1,10}$/);
    const label = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);
    const address = fc
      .tuple(
        fc.array(atom, { minLength: 1, maxLength: 3 }),
        fc.array(label, { minLength: 2, maxLength: 4 }),
      )
      .map(([local, domain]) => `${local.join('.')}@${domain.join('.')}`);
    fc.assert(
      fc.property(address, (email) => {
        expect(EmailSchema.parse(email)).toBe(email.toLowerCase());
      }),
    );
  });

  it('lower-cases an accepted address', () => {
    expect(EmailSchema.parse('First.Last@Example.COM')).toBe('first.last@example.com');
  });

  it('trims surrounding whitespace before checking', () => {
    expect(EmailSchema.parse('  name@example.com\n')).toBe('name@example.com');
  });

  it('rejects an address without a dot in the domain with the form message', () => {
    const result = EmailSchema.safeParse('name@localhost');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Enter an e-mail address of the form name@example.com.',
    );
  });

  it('rejects an over-long address with the length message', () => {
    const result = EmailSchema.safeParse(addressOfLength(255));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'An e-mail address has at most 254 characters.',
    );
  });

  it('rejects a value that is not a string', () => {
    expect(EmailSchema.safeParse(42).success).toBe(false);
    expect(EmailSchema.safeParse(null).success).toBe(false);
  });
});

const DIGITS = z
  .string()
  .regex(/^[0-9]+$/, 'Digits only.')
  .transform(Number);

describe('splitCsv', () => {
  it('trims the parts of a comma-separated value and drops blank ones', () => {
    expect(splitCsv(' a, b ,,c, ')).toEqual(['a', 'b', 'c']);
    expect(splitCsv('')).toEqual([]);
  });

  it('reads a parameter given repeatedly like one comma-separated value', () => {
    expect(splitCsv([' a', '', 'b '])).toEqual(['a', 'b']);
  });
});

describe('csv', () => {
  it('parses every entry by the item schema', () => {
    expect(csv(DIGITS, 3).parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(csv(DIGITS, 3).parse(['4', '5'])).toEqual([4, 5]);
  });

  it('refuses the whole list for one bad entry or too many entries', () => {
    expect(csv(DIGITS, 3).safeParse('1,x').error?.issues[0]?.message).toBe('Digits only.');
    expect(csv(DIGITS, 3).safeParse('1,2,3,4').error?.issues[0]?.message).toBe('At most 3 values.');
  });
});

describe('parseCsvLoosely', () => {
  it('keeps the entries the item schema accepts, each once, in order', () => {
    expect(parseCsvLoosely('3,x,,1,3, 2', DIGITS, 10)).toEqual([3, 1, 2]);
  });

  it('keeps at most `max` entries, counted after dropping repeats', () => {
    expect(parseCsvLoosely('1,1,2,3,4', DIGITS, 3)).toEqual([1, 2, 3]);
  });

  it('reads nothing from a blank value', () => {
    expect(parseCsvLoosely(' , ', DIGITS, 10)).toEqual([]);
  });
});

/** A valid-looking address `name@aaa…a.bbb…b.com` padded to `length` characters. */
function addressOfLength(length: number): string {
  const local = 'name';
  const suffix = '.com';
  let remaining = length - local.length - 1 - suffix.length;
  const labels: string[] = [];
  while (remaining > 0) {
    // each label after the first costs one extra character for its dot
    const size = Math.min(63, labels.length === 0 ? remaining : remaining - 1);
    labels.push('a'.repeat(size));
    remaining -= size + (labels.length === 1 ? 0 : 1);
  }
  return `${local}@${labels.join('.')}${suffix}`;
}
