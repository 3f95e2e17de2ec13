// Lints source texts as if each were the file it names: reads a JSON array of { file, code } from stdin and prints,
// for each in order, the messages as JSON. Runs in its own Node process because ESLint loads its flat config through a
// dynamic import; one process lints every snippet, so ESLint and its plugins load once. The texts are no files on disk
// that a tsconfig could include, so they are linted without type information (the type-aware rules off).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const snippets = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });
const out = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: file });
  out.push(result?.messages ?? []);
}
process.stdout.write(JSON.stringify(out));
