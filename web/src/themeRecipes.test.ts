// The app's Chakra system carries only the recipes of the components the app uses (theme.ts, issue 24). A component
// whose recipe is missing renders unstyled, without an error: this test finds every Chakra component the app imports,
// the recipe keys that component (and the Chakra components it is built from) asks for, and checks the system has them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes as defaultRecipes, slotRecipes as defaultSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { appSystem } from './theme';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const COMPONENTS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/components',
);

const filesUnder = (dir: string, test: (file: string) => boolean): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file, test);
    return test(file) ? [file] : [];
  });

/** Names the app imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  const sources = filesUnder(SRC, (f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  for (const file of sources) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g))
      for (const part of m[1].split(','))
        names.add(
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0],
        );
  }
  names.delete('');
  return names;
}

/** Chakra's component folders by the names their index exports. */
function folderOfEachExport(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const folder of readdirSync(COMPONENTS)) {
    const index = path.join(COMPONENTS, folder, 'index.js');
    let text: string;
    try {
      text = readFileSync(index, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/export\s*\{([^}]*)\}/g))
      for (const part of m[1].split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)
          .at(-1);
        if (name && !folders.has(name)) folders.set(name, folder);
      }
  }
  return folders;
}

/** The recipe keys a component folder asks for, with those of the Chakra folders it imports. */
function recipeKeys(folder: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(folder)) return keys;
  seen.add(folder);
  for (const file of filesUnder(path.join(COMPONENTS, folder), (f) => f.endsWith('.js'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/key:\s*"(\w+)"/g)) keys.add(m[1]);
    for (const m of text.matchAll(/from '\.\.\/([\w-]+)\//g))
      for (const key of recipeKeys(m[1], seen)) keys.add(key);
  }
  return keys;
}

describe("the app's Chakra system", () => {
  it('has the recipe of every Chakra component the app uses', () => {
    const folders = folderOfEachExport();
    const used = [...importedNames()].map((name) => folders.get(name)).filter((f) => f !== undefined);
    // The scan finds the components (a sanity check on the scan itself, not on the theme).
    expect(used).toContain('button');
    expect(used).toContain('dialog');

    const missing: string[] = [];
    for (const folder of new Set(used))
      for (const key of recipeKeys(folder)) {
        const inDefaultTheme = key in defaultRecipes || key in defaultSlotRecipes;
        if (inDefaultTheme && !appSystem().hasRecipe(key)) missing.push(`${key} (${folder})`);
      }
    expect(missing).toEqual([]);
  });

  it('leaves out recipes the app does not use', () => {
    expect(appSystem().hasRecipe('colorPicker')).toBe(false);
    expect(appSystem().hasRecipe('button')).toBe(true);
    expect(appSystem().isSlotRecipe('dialog')).toBe(true);
  });
});
