// Lints source text read from stdin as if it were the file named by argv[2]; prints the messages as JSON.
// Runs in its own Node process because ESLint loads its flat config through a dynamic import.
import { ESLint } from 'eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const eslint = new ESLint({ cwd: process.cwd() });
const [result] = await eslint.lintText(Buffer.concat(chunks).toString('utf8'), { filePath: process.argv[2] });
process.stdout.write(JSON.stringify(result?.messages ?? []));
