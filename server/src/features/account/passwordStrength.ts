import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score runs 0–4; 3 means "safely unguessable: moderate protection from an offline slow-hash attack"
 * (about 10^10 guesses). Below that a password is refused with the library's own warning and suggestions.
 */
export const MIN_PASSWORD_SCORE = 3;

const factories = new Map<boolean, ZxcvbnFactory>();

/**
 * Built on first use: loading the dictionaries takes about a third of a second. `fuzzy` adds zxcvbn's edit-distance
 * match of the whole password against every dictionary word (the production check; PASSWORD_STRENGTH_CHECK).
 */
function checker(fuzzy: boolean): ZxcvbnFactory {
  let factory = factories.get(fuzzy);
  if (!factory) {
    factory = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      useLevenshteinDistance: fuzzy,
    });
    factories.set(fuzzy, factory);
  }
  return factory;
}

/**
 * Why `password` is too easy to guess, or null when it is strong enough. `userInputs` (the user's email, names,
 * company) count as known words, so "Acme Freight 1" is weak for Acme Freight.
 */
export function passwordWeakness(
  password: string,
  userInputs: Array<string | null | undefined>,
  { fuzzy = true }: { fuzzy?: boolean } = {},
): string | null {
  const inputs = userInputs
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => [v, ...v.split(/[@.\s_-]+/)])
    .filter((v) => v.length >= 3);
  const result = checker(fuzzy).check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  if (!reasons.length) reasons.push('Use a longer password: a few unrelated words work well.');
  return `This password is too easy to guess. ${reasons.join(' ')}`;
}
