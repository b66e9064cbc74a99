import { vi, type MockInstance } from 'vitest';

type Method = (...args: never[]) => unknown;
type MethodOf<T, K extends keyof T> = Extract<T[K], Method>;

/**
 * Settles once `target[method]` has been called `times` times; every call still runs. For
 * tests that hold a first statement until a whole crowd has asked.
 */
export function calledTimes<T extends object, K extends keyof T>(
  target: T,
  method: K,
  times: number,
): Promise<void> {
  const original = (target[method] as MethodOf<T, K>).bind(target);
  let calls = 0;
  return new Promise((resolve) => {
    vi.spyOn(target, method as never).mockImplementation(((
      ...args: never[]
    ) => {
      calls += 1;
      if (calls === times) resolve();
      return original(...args);
    }) as never);
  });
}

/** Spies on `target[method]`, whose first call waits for `until` before it runs. */
export function holdFirstCall<T extends object, K extends keyof T>(
  target: T,
  method: K,
  until: Promise<unknown>,
): MockInstance<MethodOf<T, K>> {
  const original = (target[method] as MethodOf<T, K>).bind(target);
  return (
    vi.spyOn(target, method as never) as unknown as MockInstance<MethodOf<T, K>>
  ).mockImplementationOnce((async (...args: never[]) => {
    await until;
    return original(...args);
  }) as never);
}
