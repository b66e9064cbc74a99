import type { Forecast } from '@livevote/contracts';

/** The live forecast in words (docs/verdicts.md, "The forecast of a live matter"). */
export const FORECAST_WORDS: Record<
  Forecast,
  { title: string; detail: string }
> = {
  carried: {
    title: 'Already carried',
    detail: 'It passes whatever the members yet to vote do.',
  },
  defeated: {
    title: 'Can no longer pass',
    detail: 'It fails even if every member yet to vote votes for it.',
  },
  open: {
    title: 'Still open',
    detail: 'The members yet to vote can still decide it.',
  },
};
