// package.json declares exactly what the project uses. Every package the code names (imports,
// require, dynamic import, import.meta.glob into node_modules, paths into node_modules, vi.mock,
// type references, test environments, and the binaries the scripts run) must be declared, in
// `dependencies` when production code needs it; and every declared package must be used, directly
// or as a peer that a used package asks its host to install.
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
const devDependencies = new Set(Object.keys(manifest.devDependencies ?? {}));

/** Code that runs in production: `npm start` also builds the console with vite.config.ts. */
const SHIPPING = ['kernel', 'src', 'server', 'mock', 'vite.config.ts'];
const DEVELOPMENT = ['tests', 'vitest.config.ts', 'eslint.config.js'];
/** Scripts a production install runs (the README's "Running it for real"). */
const SHIPPING_SCRIPTS = new Set(['start', 'migrate', 'backup']);
const SHELL_COMMANDS = new Set(['node', 'npm', 'cd', 'rm', 'mkdir', 'cp', 'echo', 'cross-env']);
const ENVIRONMENTS: Record<string, string> = { jsdom: 'jsdom', 'happy-dom': 'happy-dom', 'edge-runtime': '@edge-runtime/vm' };
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

interface Use {
  pkg: string;
  where: string;
  /** Needed when the code runs, not only by the type checker. */
  runtime: boolean;
  shipping: boolean;
}

/** The package a module specifier names, or undefined for files and Node's own modules. */
export function packageOf(specifier: string): string | undefined {
  if (/^[./]|^[a-z]+:/i.test(specifier) || isBuiltin(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package a path into node_modules points at (a glob, a binary spawned by its path). */
export function packageInPath(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  return /^((?:@[^/*.][^/*]*\/)?[^/*.][^/*]*)(?:\/|$)/.exec(path.slice(at + 'node_modules/'.length))?.[1];
}

/** This file's fixtures name made-up packages. */
const SELF = relative(ROOT, import.meta.filename);

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full) || path === SELF) return [];
  if (SOURCE.test(path)) return [path];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('.') || entry.name === 'node_modules'
      ? []
      : entry.isDirectory() || SOURCE.test(entry.name)
        ? filesUnder(join(path, entry.name))
        : [],
  );
}

const CALLS_WITH_SPECIFIER = new Set([
  'require',
  'require.resolve',
  'import.meta.resolve',
  'vi.mock',
  'vi.doMock',
  'vi.importActual',
  'vi.importMock',
]);

/** Every package one source file names. */
export function usesIn(file: string, text: string, shipping: boolean): Use[] {
  const uses: Use[] = [];
  const add = (pkg: string | undefined, runtime = true) => pkg && uses.push({ pkg, where: file, runtime, shipping });
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const reference of source.typeReferenceDirectives) add(packageOf(reference.fileName) ?? `@types/${reference.fileName}`, false);
  for (const match of text.matchAll(/@vitest-environment\s+([\w-]+)/g)) add(ENVIRONMENTS[match[1]]);
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node) ? !!node.importClause?.isTypeOnly : node.isTypeOnly;
      add(packageOf(node.moduleSpecifier.text), !typeOnly);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      add(packageOf(node.moduleReference.expression.text), !node.isTypeOnly);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && !node.name.text.includes('*')) {
      add(packageOf(node.name.text), false); // an augmentation of a package's types
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const [first] = node.arguments;
      if (
        first &&
        ts.isStringLiteralLike(first) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword || CALLS_WITH_SPECIFIER.has(callee))
      ) {
        add(packageOf(first.text));
      }
    } else if (ts.isPropertyAssignment(node) && node.name.getText(source) === 'environment' && ts.isStringLiteralLike(node.initializer)) {
      add(ENVIRONMENTS[node.initializer.text]);
    } else if (ts.isStringLiteralLike(node) && node.text.includes('node_modules/')) {
      // import.meta.glob patterns and spawned binaries; a negated glob pattern excludes, so it uses nothing.
      if (!node.text.startsWith('!')) add(packageInPath(node.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** The package that installs a binary of node_modules/.bin. */
function packageOfBinary(binary: string): string | undefined {
  const link = join(ROOT, 'node_modules/.bin', binary);
  if (!existsSync(link)) return undefined;
  const target = relative(join(ROOT, 'node_modules'), join(dirname(link), readlinkSync(link)));
  return packageOf(target);
}

/** The binaries each script runs (each command of `a && b | c`, after VAR=value prefixes and npx). */
function scriptUses(): Use[] {
  return Object.entries(manifest.scripts ?? {}).flatMap(([name, command]) =>
    command.split(/&&|\|\||[;|]/).flatMap((part) => {
      const words = part
        .trim()
        .split(/\s+/)
        .filter((word) => !/^\w+=/.test(word));
      const binary = words[0] === 'npx' ? words[1] : words[0];
      if (!binary || SHELL_COMMANDS.has(binary)) return [];
      const pkg = packageOfBinary(binary) ?? `<no package provides the binary "${binary}">`;
      return [{ pkg, where: `package.json scripts.${name}`, runtime: true, shipping: SHIPPING_SCRIPTS.has(name) }];
    }),
  );
}

function tsconfigUses(): Use[] {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const types: string[] = config?.compilerOptions?.types ?? [];
  // As the compiler does: node_modules/@types/<name> first, else the package's own types.
  const resolve = (type: string) => (existsSync(join(ROOT, 'node_modules/@types', type)) ? `@types/${type}` : packageOf(type));
  return types.map((type) => ({ pkg: resolve(type) ?? type, where: 'tsconfig.json', runtime: false, shipping: false }));
}

function findPackageJson(
  name: string,
  from: string,
): { dir: string; json: Record<string, Record<string, string> | undefined> } | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return { dir: dirname(file), json: JSON.parse(readFileSync(file, 'utf8')) };
    if (dir === dirname(dir)) return undefined;
  }
}

/** Peer dependencies of every installed package reachable from the used ones. */
function peersOf(used: Iterable<string>): Set<string> {
  const peers = new Set<string>();
  const seen = new Set<string>();
  const queue = [...used].map((name) => ({ name, from: ROOT }));
  while (queue.length) {
    const { name, from } = queue.pop()!;
    const found = findPackageJson(name, from);
    if (!found || seen.has(found.dir)) continue;
    seen.add(found.dir);
    for (const peer of Object.keys(found.json.peerDependencies ?? {})) peers.add(peer);
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      for (const dep of Object.keys(found.json[field] ?? {})) queue.push({ name: dep, from: found.dir });
    }
  }
  return peers;
}

/** `@types/a__b` describes `@a/b`; `@types/x` describes `x`. */
const describedBy = (typesPackage: string) => typesPackage.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');

describe('package.json', () => {
  const shipped = SHIPPING.flatMap(filesUnder).map((file) => usesIn(file, readFileSync(join(ROOT, file), 'utf8'), true));
  const developed = DEVELOPMENT.flatMap(filesUnder).map((file) => usesIn(file, readFileSync(join(ROOT, file), 'utf8'), false));
  const uses = [...shipped.flat(), ...developed.flat(), ...scriptUses(), ...tsconfigUses()];
  const names = new Set(uses.map((use) => use.pkg));
  const nodeBuiltins = SHIPPING.concat(DEVELOPMENT)
    .flatMap(filesUnder)
    .some((file) => /from ['"]node:/.test(readFileSync(join(ROOT, file), 'utf8')));

  it('finds the imports it checks', () => {
    expect(shipped.length).toBeGreaterThan(50);
    expect(names).toContain('react-admin');
    expect(names).toContain('vitest');
  });

  it('declares every package the code imports, production code in dependencies', () => {
    const problems = uses.flatMap(({ pkg, where, runtime, shipping }) => {
      if (!dependencies.has(pkg) && !devDependencies.has(pkg)) return [`${where}: ${pkg} is not declared`];
      if (shipping && runtime && !dependencies.has(pkg)) return [`${where}: ${pkg} runs in production but is only a devDependency`];
      return [];
    });
    expect([...new Set(problems)]).toEqual([]);
  });

  it('uses every package it declares', () => {
    const peers = peersOf(names);
    const used = (pkg: string) =>
      names.has(pkg) ||
      peers.has(pkg) ||
      (pkg.startsWith('@types/') && (names.has(describedBy(pkg)) || (pkg === '@types/node' && nodeBuiltins)));
    expect([...dependencies, ...devDependencies].filter((pkg) => !used(pkg))).toEqual([]);
  });

  it('declares each package once', () => {
    expect([...dependencies].filter((pkg) => devDependencies.has(pkg))).toEqual([]);
  });
});

describe('the scanner', () => {
  it('names packages, not files or Node modules', () => {
    expect(
      ['react', '@mui/material/Box', 'nprogress/nprogress.css', './a', '../b', 'node:fs', 'fs', '/src/x', 'virtual:x'].map(packageOf),
    ).toEqual(['react', '@mui/material', 'nprogress', undefined, undefined, undefined, undefined, undefined, undefined]);
  });

  it('finds every form of use', () => {
    const text = [
      "import a from 'alpha';",
      "import type { B } from 'beta';",
      "export { c } from '@gamma/c/sub';",
      "const d = await import('delta');",
      "const e = require('epsilon');",
      "vi.mock('zeta');",
      "const icons = import.meta.glob(['../../node_modules/@mui/icons-material/esm/*.js', '!../../node_modules/skip/x.js']);",
      "spawn(process.execPath, [join(ROOT, 'node_modules/json-server/lib/cli/bin.js')]);",
      "declare module 'eta' { interface X {} }",
      "const f = import(name); import './local';",
    ].join('\n');
    const found = usesIn('x.ts', `// @vitest-environment jsdom\n${text}`, true).map((use) => `${use.pkg}${use.runtime ? '' : ' (types)'}`);
    expect(found.sort()).toEqual(
      [
        '@gamma/c',
        '@mui/icons-material',
        'alpha',
        'beta (types)',
        'delta',
        'epsilon',
        'eta (types)',
        'jsdom',
        'json-server',
        'zeta',
      ].sort(),
    );
  });

  it('reads the package a node_modules path points at', () => {
    expect(packageInPath('/node_modules/@mui/icons-material/esm/*.js')).toBe('@mui/icons-material');
    expect(packageInPath('node_modules/a/node_modules/b/index.js')).toBe('b');
    expect(packageInPath('../node_modules/*/package.json')).toBeUndefined();
    expect(packageInPath('src/index.ts')).toBeUndefined();
  });
});
