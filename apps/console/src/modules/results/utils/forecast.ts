import type { Forecast } from '@livevote/contracts';

/** The catalog keys of the live forecast in words (docs/verdicts.md, "The forecast of a live matter"). */
export const FORECAST_KEYS: Record<
  Forecast,
  { title: string; detail: string }
> = {
  carried: {
    title: 'results.forecast.carried.title',
    detail: 'results.forecast.carried.detail',
  },
  defeated: {
    title: 'results.forecast.defeated.title',
    detail: 'results.forecast.defeated.detail',
  },
  open: {
    title: 'results.forecast.open.title',
    detail: 'results.forecast.open.detail',
  },
};
