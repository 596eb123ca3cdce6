import fc from 'fast-check';
import { mentions, mentionsOf, withoutMentions } from '../../../../src/modules/privacy/mentions';

describe("a person's mentions in other people's records", () => {
  const texts = mentionsOf(['Ottoline Brackenbury', 'otto@example.test', '07700 900123', 'Erased person', 'Ann']);

  it('matches the full name, email and phone (as written, as JSON text, in any case), not a short name or the placeholder', () => {
    expect(texts).toContain('Ottoline Brackenbury');
    expect(texts).not.toContain('Ann');
    expect(texts).not.toContain('Erased person');
    expect(mentions({ title: 'Welcome OTTOLINE brackenbury' }, texts)).toBe(true);
    expect(mentions('{"email":"otto@example.test"}', texts)).toBe(true);
    expect(mentions({ title: 'Welcome Ann' }, texts)).toBe(false);
  });

  it('replaces each mention at any depth and leaves everything else as it was', () => {
    const at = new Date(0);
    expect(withoutMentions({ a: ['Call 07700 900123'], b: { c: 'otto@example.test', n: 3, at } }, texts)).toEqual({
      a: ['Call Erased person'],
      b: { c: 'Erased person', n: 3, at },
    });
  });

  it('property: a text with mentions planted anywhere has none left after, and the text around them is kept', () => {
    const around = fc.string().filter((s) => !mentions(s, texts));
    fc.assert(
      fc.property(fc.array(fc.tuple(around, fc.constantFrom(...texts)), { maxLength: 5 }), around, (parts, tail) => {
        const text = parts.map(([a, m]) => a + m).join('') + tail;
        const after = withoutMentions(text, texts);
        expect(mentions(after, texts)).toBe(false);
        if (!parts.length) expect(after).toBe(text);
      }),
    );
  });
});
