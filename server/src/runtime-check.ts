/**
 * The Node.js the server needs, checked before anything opens a database. better-sqlite3 13
 * is built for Node-API 10, which Node has from 22.14: an older Node loads it and then dies
 * in the driver with a segmentation fault, which says nothing of why. `npm start` and every
 * npm script run the Node.js the project pins (the `node` package, node_modules/.bin/node),
 * so this speaks only to someone who starts `server/dist/main.js` with another one.
 *
 * Imported for its effect, first, by the server's and the command-line tools' entry points.
 */
export const LEAST_NODE = { major: 22, minor: 14 } as const;

export function runtimeProblem(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major > LEAST_NODE.major || (major === LEAST_NODE.major && minor >= LEAST_NODE.minor)) {
    return null;
  }
  return (
    `Academy needs Node.js ${LEAST_NODE.major}.${LEAST_NODE.minor} or later, and this is ` +
    `${version}. Start it with "npm start", which runs the Node.js the project installs ` +
    `(node_modules/.bin/node), or install Node.js 24 LTS.`
  );
}

const problem = runtimeProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
