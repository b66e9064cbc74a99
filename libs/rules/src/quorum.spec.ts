import { describe, expect, it } from 'vitest';
import { quorumFigure } from './quorum';

describe(quorumFigure.name, () => {
  it.each([
    { present: 0, proxies: 0, minimum: 0, met: true },
    { present: 2, proxies: 0, minimum: 3, met: false },
    { present: 2, proxies: 1, minimum: 3, met: true },
    { present: 0, proxies: 3, minimum: 3, met: true },
    { present: 5, proxies: 4, minimum: 3, met: true },
    { present: 2, proxies: 0, minimum: 2.5, met: false },
    { present: 3, proxies: 0, minimum: 2.5, met: true },
  ])(
    '$present present + $proxies by proxy against $minimum: met is $met',
    ({ present, proxies, minimum, met }) => {
      expect(quorumFigure({ present, proxies }, minimum)).toEqual({
        present,
        proxies,
        required: minimum,
        met,
      });
    },
  );
});
