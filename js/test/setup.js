// vitest global setup: make the fixtures from the real Python serializer unless
// CW_FIXTURES already points at them (tests/test_frontend.py does that).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export default function setup() {
  if (process.env.CW_FIXTURES) return;
  const root = path.resolve(import.meta.dirname, "..", "..");
  const venv = path.join(root, ".venv", "bin", "python");
  const python = process.env.CW_PYTHON || (existsSync(venv) ? venv : "python3");
  const out = mkdtempSync(path.join(tmpdir(), "cw-fixtures-"));
  execFileSync(python, [path.join(root, "js", "test", "fixtures.py"), out], { stdio: "inherit" });
  process.env.CW_FIXTURES = out;
}
