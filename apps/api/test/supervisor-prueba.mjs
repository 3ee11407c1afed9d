// The supervisor of `npm start` (scripts/lib/supervisor.mjs) on a tiny child, for test/supervisor.test.ts:
// SUPERVISOR_HIJO=vive prints its pid and stays up; =cae exits with code 3 at once (a crash loop).
import { createRestartPolicy, supervise } from "../../../scripts/lib/supervisor.mjs";

const hijos = {
  // The SIGTERM handler comes before the line the test waits for: printed first, a busy machine could deliver the
  // signal between the two and the child would die without saying 'hijo detenido'.
  vive: "process.on('SIGTERM', () => { console.log('hijo detenido'); process.exit(0); }); console.log('hijo ' + process.pid); setInterval(() => {}, 1000);",
  cae: "console.log('hijo ' + process.pid); process.exit(3);",
};
const supervision = supervise({
  command: process.execPath,
  args: ["-e", hijos[process.env.SUPERVISOR_HIJO ?? "vive"]],
  spawnOptions: { stdio: ["ignore", "inherit", "inherit"] },
  log: (line) => console.log(line),
  policy: createRestartPolicy({ maxExits: 3, windowMs: 60_000, baseDelayMs: 50, maxDelayMs: 200 }),
});
console.log(`supervisor ${process.pid}`);
supervision.done.then((code) => process.exit(code));
