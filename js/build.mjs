// Bundle the board's front end into cyclades_widgets/static/ (committed; CI checks it is
// fresh). Usage: node build.mjs [outdir]
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = process.argv[2] || path.join(here, "..", "cyclades_widgets", "static");
const common = { absWorkingDir: here, bundle: true, minify: false, legalComments: "none", target: "es2020", logLevel: "warning", charset: "utf8" };

await build({ ...common, entryPoints: [path.join(here, "src", "widget.js")], format: "esm", outfile: path.join(outdir, "board.js") });
await build({ ...common, entryPoints: [path.join(here, "src", "page.js")], format: "iife", globalName: "CycladesReplay", outfile: path.join(outdir, "replay-page.js") });
