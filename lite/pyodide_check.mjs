// Run a Python check script under the Pyodide runtime that the JupyterLite kernel uses.
//
//   node lite/pyodide_check.mjs WHEEL SCRIPT.py
//
// Pyodide comes from lite/node_modules (`npm ci` in lite/, pinned in package-lock.json to the
// version the Lite kernel loads). Nothing is fetched: the core runtime and the standard library
// are in the npm package. The wheel is copied into Pyodide's in-memory file system and its path
// is given to the script as the global WHEEL. Exit status 1 if the script raises.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { loadPyodide, version } from "pyodide";

const [wheel, script] = process.argv.slice(2);
if (!wheel || !script) {
  console.error("usage: node lite/pyodide_check.mjs WHEEL SCRIPT.py");
  process.exit(2);
}

const pyodide = await loadPyodide({
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const target = `/tmp/${basename(wheel)}`;
pyodide.FS.writeFile(target, await readFile(wheel));
pyodide.globals.set("WHEEL", target);
console.log(`pyodide ${version}`);
try {
  await pyodide.runPythonAsync(await readFile(script, "utf8"), { filename: basename(script) });
} catch (err) {
  console.error(String(err));
  process.exit(1);
}
