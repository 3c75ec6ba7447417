/**
 * Loaded into the API process by `npm run bench` (`NODE_OPTIONS=--import …`), never by the server
 * itself: watches the process's event loop with `perf_hooks.monitorEventLoopDelay` and answers, on
 * 127.0.0.1:LOOP_PROBE_PORT, the longest delay seen since the last `/reset` and the resident set
 * size (`/settled`: after a full garbage collection, so that garbage not yet collected is not
 * counted as kept). It shares the loop it watches, so it answers only once a stall is over.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What the probe answers; times in ms, memory in MB. */
export interface LoopProbeReading {
  maxDelayMs: number;
  rssMb: number;
}

const port = Number(process.env.LOOP_PROBE_PORT ?? 0);
const RESOLUTION_MS = 5;
if (port > 0) {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const server = createServer((request, response) => {
    if (request.url === '/settled') collectGarbage();
    const reading: LoopProbeReading = { maxDelayMs: delay.max / 1e6, rssMb: process.memoryUsage.rss() / 2 ** 20 };
    const answer = () => {
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify(reading));
    };
    if (request.url !== '/reset') return answer();
    // A reset forgets the last tick too, and the first tick after it records nothing: the answer
    // waits for that tick, so that a stall starting right after it is measured whole.
    delay.reset();
    setTimeout(answer, 3 * RESOLUTION_MS);
  });
  server.listen(port, '127.0.0.1');
  // The probe must never keep the server process alive once it is asked to stop.
  server.unref();
}
