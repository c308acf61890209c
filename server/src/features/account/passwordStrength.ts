import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score runs 0–4; 3 means "safely unguessable: moderate protection from an offline slow-hash attack"
 * (about 10^10 guesses). Below that a password is refused with the library's own warning and suggestions.
 */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | null = null;

/** Built on first use: loading the dictionaries takes about a third of a second. */
function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    useLevenshteinDistance: true,
  });
  return factory;
}

/**
 * Why `password` is too easy to guess, or null when it is strong enough. `userInputs` (the user's email, names,
 * company) count as known words, so "Acme Freight 1" is weak for Acme Freight.
 */
export function passwordWeakness(
  password: string,
  userInputs: Array<string | null | undefined>,
): string | null {
  const inputs = userInputs
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => [v, ...v.split(/[@.\s_-]+/)])
    .filter((v) => v.length >= 3);
  const result = checker().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean);
  if (!reasons.length) reasons.push('Use a longer password: a few unrelated words work well.');
  return `This password is too easy to guess. ${reasons.join(' ')}`;
}
