// The `tidemark` command (bin/tidemark.mjs runs the built copy of this file).
import { runCli } from './cli';

process.exitCode = await runCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) });
