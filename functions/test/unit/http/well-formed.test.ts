import fc from 'fast-check';
import { illFormedPaths } from '../../../src/http/well-formed';

describe('illFormedPaths', () => {
  it('finds a lone surrogate in a value and in a key, naming where, the key made readable', () => {
    expect(illFormedPaths({ name: '\ud800', surname: 'x' }, 'body')).toEqual(['body.name']);
    expect(illFormedPaths({ a: [{ b: 'ok' }, { c: 'x\udfff' }] }, 'body')).toEqual(['body.a.1.c']);
    expect(illFormedPaths({ ['k\ud83d']: 1 }, 'body')).toEqual(['body.k\ufffd']);
    expect(illFormedPaths('\udc00', 'query')).toEqual(['query']);
  });

  it('passes surrogate pairs (emoji) and text of every plane', () => {
    expect(illFormedPaths({ title: 'Tacos 🌮 today', text: '中文 ✓ \u{10ffff}' }, 'body')).toEqual([]);
  });

  it('walks a deeply nested body without recursion', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(illFormedPaths(deep, 'body')).toHaveLength(1);
  });

  it('property: a well-formed JSON value has no ill-formed path; one lone surrogate planted anywhere is found exactly there', () => {
    const wellFormedJson = fc.jsonValue({ maxDepth: 4 }).filter((v) => !/\p{Cs}/u.test(JSON.stringify(v)));
    fc.assert(
      fc.property(
        wellFormedJson,
        fc.nat(),
        fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'),
        (value, pick, lone) => {
          expect(illFormedPaths(value, 'body')).toEqual([]);
          // the places a string can be: collect every string leaf, plant the surrogate in one of them
          const leaves: string[][] = [];
          const walk = (v: unknown, at: string[]) => {
            if (typeof v === 'string') leaves.push(at);
            else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...at, String(i)]));
            else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
          };
          walk(value, []);
          if (!leaves.length) return;
          const at = leaves[pick % leaves.length];
          const planted = structuredClone(value) as unknown;
          if (!at.length) {
            expect(illFormedPaths(`${lone}`, 'body')).toEqual(['body']);
            return;
          }
          let holder = planted as Record<string, unknown>;
          for (const key of at.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
          holder[at[at.length - 1]] = `${holder[at[at.length - 1]] as string}${lone}`;
          expect(illFormedPaths(planted, 'body')).toEqual([['body', ...at].join('.')]);
        },
      ),
    );
  });
});
