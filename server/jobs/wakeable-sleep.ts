/** A sleep that wake() ends early; a wake() while awake makes the next sleep return at once. */
export function wakeableSleep() {
  let wakeNow: (() => void) | undefined;
  let pendingWake = false;
  return {
    sleep(ms: number): Promise<void> {
      if (pendingWake) {
        pendingWake = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        wakeNow = done;
        function done() {
          clearTimeout(timer);
          wakeNow = undefined;
          resolve();
        }
      });
    },
    wake() {
      if (wakeNow) wakeNow();
      else pendingWake = true;
    },
  };
}
