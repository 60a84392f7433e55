// The house's size rules for the board's front end, as for the Python package: no module over
// 500 lines, no function over 60 (docs/architecture.md, "Sizes"). Blank lines and comments
// count, as they do in Python. tests/test_sizes.py runs this over js/src (also `npm run lint`).
// Inline `eslint-disable` comments are ignored: a size is fixed by splitting, not by a waiver.
export default [
  {
    files: ["src/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
    rules: {
      "max-lines": ["error", { max: 500 }],
      "max-lines-per-function": ["error", { max: 60 }],
    },
  },
];
