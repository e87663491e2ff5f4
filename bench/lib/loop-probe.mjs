// Preloaded into the server process with `node --import` by the login-under-load benchmark. It
// only observes: on SIGUSR2 it writes the event-loop delay and utilisation since the previous
// SIGUSR2 to BENCH_LOOP_PROBE_FILE and starts a new interval. The server's code is unchanged.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  process.on('SIGUSR2', () => {
    const now = performance.eventLoopUtilization();
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      file,
      JSON.stringify({
        delayP50: ms(delay.percentile(50)),
        delayP99: ms(delay.percentile(99)),
        delayMax: ms(delay.max),
        utilization: performance.eventLoopUtilization(now, elu).utilization,
      }),
    );
    delay.reset();
    elu = now;
  });
}
