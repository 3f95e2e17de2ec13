// Picks the reports of failed tests out of a streamed Nx run's output: Jest's "FAIL <file>" lines and each "● <test>"
// block (the assertion, the expected and received values and the stack's first frames), and the lines of tasks that
// failed without a test report (a lint error, a type error). Nx prefixes every line with its project's name, so lines
// of other tasks running at the same time are left out of a block.

const MAX_BLOCK_LINES = 60;
const MAX_LINES = 400;

/** @param {string} output @returns {string} */
export function failureDigest(output) {
  const lines = output.split(/\r?\n/);
  const picked = [];
  for (let index = 0; index < lines.length && picked.length < MAX_LINES; index++) {
    const { project, text } = splitPrefix(lines[index]);
    if (/^\s*FAIL\s/.test(text) || /error TS\d+:|\d+:\d+\s+error\s/.test(text)) {
      picked.push(lines[index]);
      continue;
    }
    if (!/^\s*● /.test(text) || /^\s*● Console\s*$/.test(text)) continue;
    picked.push('', lines[index]);
    let taken = 0;
    for (let next = index + 1; next < lines.length && taken < MAX_BLOCK_LINES; next++) {
      const line = splitPrefix(lines[next]);
      if (line.project !== project) continue;
      if (/^\s*● /.test(line.text) || /^\s*(PASS|FAIL)\s/.test(line.text) || /^Test Suites:/.test(line.text.trim())) break;
      picked.push(lines[next]);
      taken++;
    }
  }
  return picked.slice(0, MAX_LINES).join('\n').trim();
}

function splitPrefix(line) {
  const match = /^([\w.-]+): (.*)$/.exec(line);
  return match ? { project: match[1], text: match[2] } : { project: '', text: line };
}
