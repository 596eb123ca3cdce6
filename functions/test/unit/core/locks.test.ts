import { LOCK_WRITES_PER_KEY, lockKeys, MAX_COMMIT_WRITES, writesLeft } from '../../../src/core/locks';

type KeyMaker = (...parts: string[]) => string;
const makers = Object.entries(lockKeys) as [string, KeyMaker][];
const partsFor = (maker: KeyMaker, ids: readonly string[]) => ids.slice(0, maker.length);

describe('the lock keys of runExclusive', () => {
  it('give every kind its own first segment, so two kinds never share a key', () => {
    const kinds = makers.map(([, make]) => make(...partsFor(make, ['c', 'x', 'y'])).split('/')[0]);
    expect(new Set(kinds).size).toBe(makers.length);
  });

  it('never run two different id lists into one key (ids may hold ":" and "-", never "/")', () => {
    const ids = ['a', 'a:b', 'b', 'a-b', 'sales', 'b:a'];
    for (const [, make] of makers) {
      let lists: string[][] = [[]];
      for (let i = 0; i < make.length; i++) lists = lists.flatMap((l) => ids.map((id) => [...l, id]));
      expect(new Set(lists.map((list) => make(...list))).size).toBe(lists.length);
    }
  });
});

describe('the write budget of an exclusive commit', () => {
  it('leaves 500 writes less one per key held', () => {
    expect(MAX_COMMIT_WRITES).toBe(500);
    expect(LOCK_WRITES_PER_KEY).toBe(1);
    expect(writesLeft(1)).toBe(499);
    expect(writesLeft(10)).toBe(490);
  });
});
