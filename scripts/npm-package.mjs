// Makes the publishable npm package from the built modules (run scripts/build-wasm.sh
// first): target/npm/gamao/ with a package.json generated from Cargo.toml, and its
// tarball target/npm/gamao-VERSION.tgz made by `npm pack`. Prints the tarball's path.
//
//   node scripts/npm-package.mjs
//
// The package mirrors www/'s layout, so the modules import one another as on the page:
//   pkg/         the engine (browser entry point "gamao")
//   pkg-worker/  the worker module: the engine plus the computer opponent ("gamao/worker")
//   node.js, worker-node.js   the Node entry points: the same modules, their wasm loaded
//                             from the package's own files
//   element/, board/, i18n/, engine.js   <gamao-board> ("gamao/element") with the
//                             page's board component, its labels and the adapter, as in www/
// The README is npm/README.md; the CHANGELOG must have a section for the version.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "target/npm");
const dir = path.join(out, "gamao");

/** The `[package]` table of Cargo.toml: its string keys and its keywords. */
export function cargoPackage(text = readFileSync(path.join(root, "Cargo.toml"), "utf8")) {
  const table = text.split(/^\[package\]$/m)[1].split(/^\[/m)[0];
  const fields = {};
  for (const [, key, value] of table.matchAll(/^([\w-]+) = "(.*)"$/gm)) fields[key] = value;
  const keywords = table.match(/^keywords = \[(.*)\]$/m);
  fields.keywords = keywords ? [...keywords[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
  return fields;
}

/** The modules of the package: [directory, module name, Node entry file, export path]. */
const MODULES = [
  ["pkg", "gamao", "node.js", "."],
  ["pkg-worker", "gamao_worker", "worker-node.js", "./worker"],
];

/** The folders of www/ that <gamao-board> needs besides the engine. */
const ELEMENT_FOLDERS = ["element", "board", "i18n"];

/** Every file under www/FOLDER, as package paths, sorted. */
function wwwFiles(folder) {
  return readdirSync(path.join(root, "www", folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(root, "www"), path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** A Node entry point: the module with its wasm read from the package, no fetch. */
function nodeEntry(folder, name) {
  return `// The package's Node entry point: the module with its wasm already loaded from the
// package's own file (Node's fetch cannot read file: URLs; nothing goes to the network).
import { readFileSync } from "node:fs";
import { initSync } from "./${folder}/${name}.js";

initSync({ module: readFileSync(new URL("./${folder}/${name}_bg.wasm", import.meta.url)) });

export * from "./${folder}/${name}.js";
export { default } from "./${folder}/${name}.js";
`;
}

/** package.json for Cargo.toml's `[package]`. */
export function manifest(cargo) {
  const exports = {};
  const files = ["README.md", "CHANGELOG.md", "LICENSE"];
  for (const [folder, name, node, at] of MODULES) {
    const types = `./${folder}/${name}.d.ts`;
    exports[at] = { types, node: `./${node}`, browser: `./${folder}/${name}.js`, default: `./${folder}/${name}.js` };
    exports[`./${folder}/${name}_bg.wasm`] = `./${folder}/${name}_bg.wasm`;
    files.push(`${folder}/${name}.js`, `${folder}/${name}.d.ts`, `${folder}/${name}_bg.wasm`, `${folder}/${name}_bg.wasm.d.ts`, node);
  }
  exports["./element"] = "./element/gamao-board.js";
  files.push(...ELEMENT_FOLDERS.flatMap(wwwFiles), "engine.js");
  exports["./package.json"] = "./package.json";
  return {
    name: cargo.name,
    version: cargo.version,
    description: cargo.description,
    license: cargo.license,
    type: "module",
    exports,
    types: "./pkg/gamao.d.ts",
    main: "./node.js",
    browser: "./pkg/gamao.js",
    files,
    sideEffects: [...MODULES.map(([, , node]) => `./${node}`), "./element/gamao-board.js"],
    keywords: cargo.keywords,
    ...(cargo.repository ? { repository: { type: "git", url: `git+${cargo.repository}.git` } } : {}),
    ...(cargo.homepage ? { homepage: cargo.homepage } : {}),
    engines: { node: ">=18" },
  };
}

/** Builds target/npm/gamao/ and packs it; returns the tarball's path. */
export function makePackage() {
  const cargo = cargoPackage();
  const changelog = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  if (!new RegExp(`^## \\[${cargo.version.replace(/\./g, "\\.")}\\]`, "m").test(changelog)) {
    throw new Error(`CHANGELOG.md has no "## [${cargo.version}]" section for Cargo.toml's version`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const packageJson = manifest(cargo);
  for (const file of packageJson.files) {
    const [folder] = file.split("/");
    const from = MODULES.some(([f]) => f === folder) ? path.join(root, file)
      : ELEMENT_FOLDERS.includes(folder) || file === "engine.js" ? path.join(root, "www", file)
      : file === "README.md" ? path.join(root, "npm/README.md")
      : path.join(root, file);
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    const module = MODULES.find(([, , node]) => node === file);
    if (module) writeFileSync(to, nodeEntry(module[0], module[1]));
    else cpSync(from, to);
  }
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(packageJson, null, 2)}\n`);
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: dir, encoding: "utf8" }));
  return path.join(out, packed.filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarball = makePackage();
  console.log(`${path.relative(root, tarball)}: ${statSync(tarball).size} bytes`);
}
