// Lints source text read from stdin as if it were the file named by argv[2]; prints the messages as JSON.
// Runs in its own Node process because ESLint loads its flat config through a dynamic import. The text is no file on
// disk that a tsconfig could include, so it is linted without type information (the type-aware rules off).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
const [result] = await eslint.lintText(Buffer.concat(chunks).toString('utf8'), { filePath: process.argv[2] });
process.stdout.write(JSON.stringify(result?.messages ?? []));
